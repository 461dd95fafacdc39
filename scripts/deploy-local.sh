#!/usr/bin/env bash
# The production stack on this machine (docs/deploying.md): nginx (TLS with a self-signed certificate,
# HTTP→HTTPS, static files) in front of two `next start` processes, each kept running by a supervisor
# loop (the local stand-in for deploy/systemd/shengai-next@.service: restart on failure), and Redis.
#
#   scripts/deploy-local.sh up        build must exist (npx next build); brings everything up
#   scripts/deploy-local.sh down      stops everything it started
#   scripts/deploy-local.sh restart   zero-downtime rolling restart of the next processes
#   scripts/deploy-local.sh status
#   scripts/deploy-local.sh redis-stop | redis-start   (fault tests)
#
# Ports (loopback only): HTTPS 4443, HTTP 4880, next 4810 4811, Redis 4850; override with DEPLOY_HTTPS_PORT,
# DEPLOY_HTTP_PORT, DEPLOY_NEXT_PORTS ("4810 4811"), DEPLOY_REDIS_PORT. State (certificate, logs, pids,
# the SQLite file) lives in .deploy/ (DEPLOY_STATE). DEPLOY_ENV_FILE adds environment lines for the processes.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
STATE="${DEPLOY_STATE:-$ROOT/.deploy}"
HTTPS_PORT="${DEPLOY_HTTPS_PORT:-4443}"
HTTP_PORT="${DEPLOY_HTTP_PORT:-4880}"
REDIS_PORT="${DEPLOY_REDIS_PORT:-4850}"
NEXT_PORTS="${DEPLOY_NEXT_PORTS:-4810 4811}"
RUN="$STATE/run"
LOGS="$STATE/logs"

log() { echo "[deploy-local] $*"; }

# Waits until URL answers (any HTTP status) or gives up after $2 seconds.
wait_for() {
  local url="$1" seconds="${2:-90}" i
  for ((i = 0; i < seconds * 4; i++)); do
    if curl -sk -o /dev/null --max-time 2 "$url"; then return 0; fi
    sleep 0.25
  done
  echo "timed out waiting for $url" >&2
  return 1
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

redis_start() {
  mkdir -p "$STATE/redis" "$RUN" "$LOGS"
  if pid_alive "$RUN/redis.pid"; then return 0; fi
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --pidfile "$RUN/redis.pid" --logfile "$LOGS/redis.log" --dir "$STATE/redis"
  local i
  for ((i = 0; i < 80; i++)); do
    if redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; then return 0; fi
    sleep 0.25
  done
  echo "Redis did not start (see $LOGS/redis.log)" >&2
  return 1
}

redis_stop() {
  if pid_alive "$RUN/redis.pid"; then
    kill "$(cat "$RUN/redis.pid")" 2>/dev/null || true
    local i
    for ((i = 0; i < 40; i++)); do pid_alive "$RUN/redis.pid" || break; sleep 0.25; done
  fi
  rm -f "$RUN/redis.pid"
}

write_env() {
  local secret
  secret="$(cat "$STATE/jwt-secret" 2>/dev/null || true)"
  if [ -z "$secret" ]; then
    secret="$(openssl rand -hex 32)"
    echo "$secret" > "$STATE/jwt-secret"
  fi
  {
    echo "NODE_ENV=production"
    echo "NEXT_TELEMETRY_DISABLED=1"
    echo "SITE_URL=https://127.0.0.1:$HTTPS_PORT"
    echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0"
    echo "TRUSTED_PROXY_HOPS=1"
    echo "DATABASE_PATH=$STATE/data/site.db"
    echo "JWT_SECRET=$secret"
    if [ -n "${DEPLOY_ENV_FILE:-}" ]; then cat "$DEPLOY_ENV_FILE"; fi
  } > "$STATE/shengai.env"
}

start_next() {
  local port="$1"
  # Already kept running by its supervisor (a second `up`): nothing to do.
  if pid_alive "$RUN/supervisor-$port.pid"; then return 0; fi
  rm -f "$RUN/stopping-$port"
  # setsid: its own process group, so `down` ends the loop and its child together.
  setsid bash "$ROOT/scripts/deploy-supervise.sh" "$port" "$STATE" >> "$LOGS/next-$port.log" 2>&1 < /dev/null &
  echo $! > "$RUN/supervisor-$port.pid"
  wait_for "http://127.0.0.1:$port/robots.txt" 120
}

stop_next() {
  local port="$1"
  touch "$RUN/stopping-$port"
  if pid_alive "$RUN/supervisor-$port.pid"; then
    kill -TERM -- "-$(cat "$RUN/supervisor-$port.pid")" 2>/dev/null || true
  fi
  if pid_alive "$RUN/next-$port.pid"; then kill -TERM "$(cat "$RUN/next-$port.pid")" 2>/dev/null || true; fi
  local i
  for ((i = 0; i < 60; i++)); do
    pid_alive "$RUN/next-$port.pid" || pid_alive "$RUN/supervisor-$port.pid" || break
    sleep 0.25
  done
  if pid_alive "$RUN/next-$port.pid"; then kill -KILL "$(cat "$RUN/next-$port.pid")" 2>/dev/null || true; fi
  rm -f "$RUN/supervisor-$port.pid" "$RUN/next-$port.pid"
}

render_nginx() {
  local servers="" port suffix=":$HTTPS_PORT"
  for port in $NEXT_PORTS; do servers+="    server 127.0.0.1:$port max_fails=1 fail_timeout=2s;"$'\n'; done
  [ "$HTTPS_PORT" = "443" ] && suffix=""
  mkdir -p "$STATE/nginx" "$STATE/tmp"
  cp deploy/nginx/static-headers.conf deploy/nginx/proxy-to-next.conf deploy/nginx/micro-cache.conf "$STATE/nginx/"
  local user
  user="$(id -un)"
  SERVERS="$servers" awk -v user="$user" -v state="$STATE" -v root="$ROOT" -v conf="$STATE/nginx" \
    -v https="$HTTPS_PORT" -v http="$HTTP_PORT" -v suffix="$suffix" \
    -v cert="$STATE/tls/cert.pem" -v key="$STATE/tls/key.pem" '
    /@UPSTREAM_SERVERS@/ { printf "%s", ENVIRON["SERVERS"]; next }
    {
      gsub(/@USER@/, user); gsub(/@STATE@/, state); gsub(/@APP_ROOT@/, root); gsub(/@CONF_DIR@/, conf);
      gsub(/@HTTPS_PORT_SUFFIX@/, suffix); gsub(/@HTTPS_PORT@/, https); gsub(/@HTTP_PORT@/, http);
      gsub(/@CERT_KEY@/, key); gsub(/@CERT@/, cert); print
    }' deploy/nginx/shengai.conf.template > "$STATE/nginx/nginx.conf"
}

up() {
  bash scripts/ensure-debian-package.sh /usr/sbin/nginx nginx-light
  bash scripts/ensure-debian-package.sh /usr/bin/redis-server redis-server
  bash scripts/ensure-debian-package.sh /usr/bin/openssl openssl
  if [ ! -f .next/BUILD_ID ]; then
    echo "No production build: run 'npx next build' first." >&2
    exit 1
  fi
  mkdir -p "$RUN" "$LOGS" "$STATE/data" "$STATE/tls" "$STATE/tmp"
  if [ ! -f "$STATE/tls/cert.pem" ]; then
    log "self-signed certificate for 127.0.0.1 and localhost"
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=127.0.0.1" \
      -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
      -keyout "$STATE/tls/key.pem" -out "$STATE/tls/cert.pem" 2>/dev/null
  fi
  node scripts/precompress-static.mjs .next/static public
  log "Redis on 127.0.0.1:$REDIS_PORT"
  redis_start
  write_env
  # One at a time: the first seeds the embedded backend's database before the second opens it.
  local port first=1
  for port in $NEXT_PORTS; do
    log "next start on 127.0.0.1:$port"
    start_next "$port"
    if [ $first = 1 ]; then curl -s -o /dev/null "http://127.0.0.1:$port/" || true; first=0; fi
  done
  render_nginx
  nginx -t -q -c "$STATE/nginx/nginx.conf" -p "$STATE"
  if pid_alive "$RUN/nginx.pid"; then
    nginx -s reload -c "$STATE/nginx/nginx.conf" -p "$STATE"
  else
    nginx -c "$STATE/nginx/nginx.conf" -p "$STATE"
  fi
  wait_for "https://127.0.0.1:$HTTPS_PORT/robots.txt" 30
  log "up: https://127.0.0.1:$HTTPS_PORT/ (self-signed certificate), http://127.0.0.1:$HTTP_PORT/ redirects"
}

down() {
  if pid_alive "$RUN/nginx.pid"; then
    nginx -s quit -c "$STATE/nginx/nginx.conf" -p "$STATE" 2>/dev/null || kill "$(cat "$RUN/nginx.pid")" 2>/dev/null || true
    local i
    for ((i = 0; i < 40; i++)); do pid_alive "$RUN/nginx.pid" || break; sleep 0.25; done
  fi
  local port
  for port in $NEXT_PORTS; do stop_next "$port"; done
  redis_stop
  log "down"
}

# Zero-downtime restart: one process at a time; nginx sends requests to the other meanwhile
# (proxy_next_upstream), and each must answer again before the next one goes.
restart() {
  local port old
  for port in $NEXT_PORTS; do
    old="$(cat "$RUN/next-$port.pid" 2>/dev/null || echo)"
    log "restarting 127.0.0.1:$port"
    [ -n "$old" ] && kill -TERM "$old" 2>/dev/null || true
    local i
    for ((i = 0; i < 240; i++)); do
      local now
      now="$(cat "$RUN/next-$port.pid" 2>/dev/null || echo)"
      if [ -n "$now" ] && [ "$now" != "$old" ] && curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/robots.txt"; then break; fi
      sleep 0.25
    done
  done
  log "restarted"
}

status() {
  local port
  for port in $NEXT_PORTS; do
    if pid_alive "$RUN/next-$port.pid"; then echo "next $port: pid $(cat "$RUN/next-$port.pid")"; else echo "next $port: down"; fi
  done
  if pid_alive "$RUN/redis.pid"; then echo "redis: up"; else echo "redis: down"; fi
  if pid_alive "$RUN/nginx.pid"; then echo "nginx: up"; else echo "nginx: down"; fi
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  restart) restart ;;
  status) status ;;
  redis-stop) redis_stop ;;
  redis-start) redis_start ;;
  *)
    echo "usage: $0 up|down|restart|status|redis-stop|redis-start" >&2
    exit 2
    ;;
esac
