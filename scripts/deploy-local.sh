#!/usr/bin/env bash
# The production stack on this machine (docs/deploying.md, docs/operations.md): nginx (TLS with a self-signed
# certificate, HTTP→HTTPS, static files) in front of two `next start` processes, each kept running by a
# supervisor loop (the local stand-in for deploy/systemd/shengai-next@.service: restart on failure), and Redis.
#
#   scripts/deploy-local.sh up        build must exist (npx next build); brings everything up
#   scripts/deploy-local.sh down      stops everything it started
#   scripts/deploy-local.sh restart   zero-downtime rolling restart of the next processes (each drains first)
#   scripts/deploy-local.sh release   a new build of this tree: its static files join the kept ones, then a rolling
#                                     restart (another built folder: deploy/release.sh with SHENGAI_HOME=DEPLOY_STATE)
#   scripts/deploy-local.sh status    what runs, on which ports, and whether each process is ready
#   scripts/deploy-local.sh render [FILE]   writes the nginx config (and the logrotate rules beside it)
#   scripts/deploy-local.sh redis-stop | redis-start   (fault tests)
#
# Every setting is an environment variable (docs/deploying.md "Settings of scripts/deploy-local.sh"):
#   DEPLOY_STATE       state folder: certificate, logs, pids, the SQLite file, kept static files (.deploy)
#   DEPLOY_HTTPS_PORT  nginx HTTPS (4443)        DEPLOY_HTTP_PORT   nginx HTTP, redirects (4880)
#   DEPLOY_NEXT_PORTS  the next start processes ("4810 4811")
#   DEPLOY_REDIS_PORT  Redis (4850)              DEPLOY_API_PORT    the API host process (4820)
#   DEPLOY_TOPOLOGY    embedded (each process opens the SQLite file) or api-host (the processes call an API
#                      host process on DEPLOY_API_PORT over HTTP, as production calls the group's host)
#   DEPLOY_ENV_FILE    extra environment lines for every process (the tests' switches)
# `up` records the values it used in DEPLOY_STATE/stack.env; later commands read them from there, so
# `status`, `restart` and `down` find the stack `up` started whatever their own environment holds.
# `render` also reads DEPLOY_APP_ROOT, DEPLOY_STATIC_ROOT, DEPLOY_LOG_DIR, DEPLOY_RUN_DIR, DEPLOY_TMP_DIR,
# DEPLOY_CONF_DIR, DEPLOY_NGINX_USER, DEPLOY_CERT, DEPLOY_CERT_KEY (a server's values: docs/operations.md).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
STATE="${DEPLOY_STATE:-$ROOT/.deploy}"
RUN="$STATE/run"
LOGS="$STATE/logs"
STACK_FILE="$STATE/stack.env"

log() { echo "[deploy-local] $*"; }

# The values a running stack was started with win over the environment's defaults; an explicit value that
# disagrees with a running stack is refused (it would look for processes that are not there).
declare -A RECORDED=()
if [ -f "$STACK_FILE" ]; then
  while IFS='=' read -r key value; do
    [ -n "$key" ] && RECORDED[$key]="$value"
  done < "$STACK_FILE"
fi
setting() {
  local name="$1" default="$2" given="${!1:-}"
  if [ -n "${RECORDED[$name]:-}" ]; then
    if [ -n "$given" ] && [ "$given" != "${RECORDED[$name]}" ] && [ "${ALLOW_NEW_SETTINGS:-0}" != 1 ]; then
      echo "The stack in $STATE was started with $name=${RECORDED[$name]}; this shell says $name=$given. Run it without $name, or 'down' first." >&2
      exit 2
    fi
    echo "${RECORDED[$name]}"
  else
    echo "${given:-$default}"
  fi
}
stack_settings() {
  HTTPS_PORT="$(setting DEPLOY_HTTPS_PORT 4443)"
  HTTP_PORT="$(setting DEPLOY_HTTP_PORT 4880)"
  REDIS_PORT="$(setting DEPLOY_REDIS_PORT 4850)"
  NEXT_PORTS="$(setting DEPLOY_NEXT_PORTS "4810 4811")"
  API_PORT="$(setting DEPLOY_API_PORT 4820)"
  TOPOLOGY="$(setting DEPLOY_TOPOLOGY embedded)"
  case "$TOPOLOGY" in embedded | api-host) ;; *) echo "DEPLOY_TOPOLOGY is embedded or api-host, not $TOPOLOGY" >&2; exit 2 ;; esac
}
record_settings() {
  {
    echo "DEPLOY_HTTPS_PORT=$HTTPS_PORT"
    echo "DEPLOY_HTTP_PORT=$HTTP_PORT"
    echo "DEPLOY_REDIS_PORT=$REDIS_PORT"
    echo "DEPLOY_NEXT_PORTS=$NEXT_PORTS"
    echo "DEPLOY_API_PORT=$API_PORT"
    echo "DEPLOY_TOPOLOGY=$TOPOLOGY"
  } > "$STACK_FILE"
}

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

ready() { curl -sf -o /dev/null --max-time 3 "http://127.0.0.1:$1/readyz"; }

# Waits until the process on PORT says it can serve (GET /readyz 200), or gives up after $2 seconds.
wait_ready() {
  local port="$1" seconds="${2:-120}" i
  for ((i = 0; i < seconds * 4; i++)); do
    if ready "$port"; then return 0; fi
    sleep 0.25
  done
  echo "127.0.0.1:$port is not ready after ${seconds}s: $(curl -s --max-time 3 "http://127.0.0.1:$port/readyz" || echo 'no answer')" >&2
  return 1
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

redis_start() {
  mkdir -p "$STATE/redis" "$RUN" "$LOGS"
  if pid_alive "$RUN/redis.pid"; then return 0; fi
  # The counters survive a restart (deploy/redis/shengai.conf on a server): the append-only file, every second.
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --appendonly yes --appendfsync everysec --save '' \
    --daemonize yes --pidfile "$RUN/redis.pid" --logfile "$LOGS/redis.log" --dir "$STATE/redis"
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
    # SHUTDOWN writes what the append-only file still lacks, then exits (as systemctl stop does).
    redis-cli -p "$REDIS_PORT" shutdown >/dev/null 2>&1 || kill "$(cat "$RUN/redis.pid")" 2>/dev/null || true
    local i
    for ((i = 0; i < 40; i++)); do pid_alive "$RUN/redis.pid" || break; sleep 0.25; done
  fi
  rm -f "$RUN/redis.pid"
}

# A secret made once per state folder and kept (the processes must agree, and keep it across releases).
kept_secret() {
  local file="$STATE/$1" kind="$2"
  if [ ! -s "$file" ]; then
    (umask 077; if [ "$kind" = base64 ]; then openssl rand -base64 32; else openssl rand -hex 32; fi > "$file")
  fi
  cat "$file"
}

write_env() {
  local secret actions_key
  secret="$(kept_secret jwt-secret hex)"
  actions_key="$(kept_secret actions-key base64)"
  # Every process: what production sets (deploy/shengai.env.example), with this machine's values.
  {
    echo "NODE_ENV=production"
    echo "NEXT_TELEMETRY_DISABLED=1"
    echo "NEXT_MANUAL_SIG_HANDLE=1"
    echo "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=$actions_key"
    echo "SITE_URL=https://127.0.0.1:$HTTPS_PORT"
    echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0"
    echo "TRUSTED_PROXY_HOPS=1"
    # Pages kept on disk for every process of the stack (lib/page-cache/disk.ts), with the data: wiped with it.
    echo "PAGE_CACHE_DIR=$STATE/data/page-cache"
    if [ -n "${DEPLOY_ENV_FILE:-}" ]; then cat "$DEPLOY_ENV_FILE"; fi
  } > "$STATE/common.env"
  # The data tier: the embedded backend, in each web process or in the API host process alone.
  {
    echo "EMBEDDED_BACKEND=1"
    echo "DATABASE_PATH=$STATE/data/site.db"
    echo "JWT_SECRET=$secret"
  } > "$STATE/data-tier.env"
  if [ "$TOPOLOGY" = api-host ]; then
    cat "$STATE/common.env" > "$STATE/shengai.env"
    echo "API_BASE_URL=http://127.0.0.1:$API_PORT" >> "$STATE/shengai.env"
    cat "$STATE/common.env" "$STATE/data-tier.env" > "$STATE/api-host.env"
  else
    cat "$STATE/common.env" "$STATE/data-tier.env" > "$STATE/shengai.env"
    rm -f "$STATE/api-host.env"
  fi
  chmod 600 "$STATE"/*.env
}

start_next() {
  local port="$1" env_file="${2:-$STATE/shengai.env}"
  # Already kept running by its supervisor (a second `up`): nothing to do.
  if pid_alive "$RUN/supervisor-$port.pid"; then return 0; fi
  rm -f "$RUN/stopping-$port"
  # setsid: its own process group, so `down` ends the loop and its child together.
  setsid bash "$ROOT/scripts/deploy-supervise.sh" "$port" "$STATE" "$env_file" >> "$LOGS/next-$port.log" 2>&1 < /dev/null &
  echo $! > "$RUN/supervisor-$port.pid"
  if ! wait_ready "$port" 180; then
    echo "next start on $port did not become ready; its log ($LOGS/next-$port.log) ends:" >&2
    tail -20 "$LOGS/next-$port.log" >&2
    return 1
  fi
}

stop_next() {
  local port="$1"
  touch "$RUN/stopping-$port"
  if pid_alive "$RUN/supervisor-$port.pid"; then
    kill -TERM -- "-$(cat "$RUN/supervisor-$port.pid")" 2>/dev/null || true
  fi
  if pid_alive "$RUN/next-$port.pid"; then kill -TERM "$(cat "$RUN/next-$port.pid")" 2>/dev/null || true; fi
  # A process drains for at most DRAIN_TIMEOUT_SECONDS (20) before it exits.
  local i
  for ((i = 0; i < 120; i++)); do
    pid_alive "$RUN/next-$port.pid" || pid_alive "$RUN/supervisor-$port.pid" || break
    sleep 0.25
  done
  if pid_alive "$RUN/next-$port.pid"; then kill -KILL "$(cat "$RUN/next-$port.pid")" 2>/dev/null || true; fi
  rm -f "$RUN/supervisor-$port.pid" "$RUN/next-$port.pid"
}

# The build's static files join those kept from earlier releases (docs/operations.md "Releases"): a page
# built by the previous release finds its chunks until it reloads. Files no release has used for
# DEPLOY_STATIC_KEEP_DAYS (7) are removed; the current build's are touched by the copy.
keep_static() {
  local static_root="$1"
  mkdir -p "$static_root"
  cp -r .next/static/. "$static_root/"
  find "$static_root" -type f -mtime "+${DEPLOY_STATIC_KEEP_DAYS:-7}" -delete
}

# STATE/current (and STATE/previous) as /srv/shengai/current is on a server (deploy/release.sh).
point_current_here() {
  local was
  was="$(readlink -f "$STATE/current" 2>/dev/null || true)"
  if [ -n "$was" ] && [ "$was" != "$ROOT" ]; then ln -sfn "$was" "$STATE/previous"; fi
  ln -sfn "$ROOT" "$STATE/current"
}

render_nginx() {
  local out="${1:-$STATE/nginx/nginx.conf}"
  local conf="${DEPLOY_CONF_DIR:-$(dirname "$out")}"
  local app_root="${DEPLOY_APP_ROOT:-$ROOT}"
  local static_root="${DEPLOY_STATIC_ROOT:-$STATE/static}"
  local log_dir="${DEPLOY_LOG_DIR:-$LOGS}" run_dir="${DEPLOY_RUN_DIR:-$RUN}" tmp_dir="${DEPLOY_TMP_DIR:-$STATE/tmp}"
  local cert="${DEPLOY_CERT:-$STATE/tls/cert.pem}" key="${DEPLOY_CERT_KEY:-$STATE/tls/key.pem}"
  local user="${DEPLOY_NGINX_USER:-$(id -un)}"
  local servers="" port suffix=":$HTTPS_PORT"
  for port in $NEXT_PORTS; do servers+="    server 127.0.0.1:$port max_fails=1 fail_timeout=2s;"$'\n'; done
  [ "$HTTPS_PORT" = "443" ] && suffix=""
  # The includes are written beside the config; the config names them in DEPLOY_CONF_DIR, where a server keeps
  # them (deploy/install.sh moves them there).
  mkdir -p "$(dirname "$out")"
  cp deploy/nginx/static-headers.conf deploy/nginx/proxy-to-next.conf deploy/nginx/micro-cache.conf "$(dirname "$out")/"
  local template
  for template in deploy/nginx/shengai.conf.template deploy/logrotate/shengai; do
    local target="$out"
    [ "$template" = deploy/logrotate/shengai ] && target="$(dirname "$out")/logrotate.conf"
    SERVERS="$servers" awk -v user="$user" -v root="$app_root" -v static="$static_root" -v conf="$conf" \
      -v logs="$log_dir" -v run="$run_dir" -v tmp="$tmp_dir" \
      -v https="$HTTPS_PORT" -v http="$HTTP_PORT" -v suffix="$suffix" -v cert="$cert" -v key="$key" '
      /@UPSTREAM_SERVERS@/ { printf "%s", ENVIRON["SERVERS"]; next }
      {
        gsub(/@USER@/, user); gsub(/@APP_ROOT@/, root); gsub(/@STATIC_ROOT@/, static); gsub(/@CONF_DIR@/, conf);
        gsub(/@LOG_DIR@/, logs); gsub(/@RUN_DIR@/, run); gsub(/@TMP_DIR@/, tmp);
        gsub(/@HTTPS_PORT_SUFFIX@/, suffix); gsub(/@HTTPS_PORT@/, https); gsub(/@HTTP_PORT@/, http);
        gsub(/@CERT_KEY@/, key); gsub(/@CERT@/, cert); print
      }' "$template" > "$target"
  done
  if grep -q '@[A-Z_]*@' "$out"; then
    echo "render: placeholders left in $out" >&2
    exit 1
  fi
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
  record_settings
  if [ ! -f "$STATE/tls/cert.pem" ]; then
    log "self-signed certificate for 127.0.0.1 and localhost"
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=127.0.0.1" \
      -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
      -keyout "$STATE/tls/key.pem" -out "$STATE/tls/cert.pem" 2>/dev/null
  fi
  node scripts/precompress-static.mjs .next/static public
  keep_static "$STATE/static"
  # The processes run the release `current` points at (scripts/deploy-supervise.sh): this tree's, and no earlier
  # one to roll back to. deploy/release.sh switches them as on a server (SHENGAI_HOME=$STATE).
  point_current_here
  rm -f "$STATE/previous"
  log "Redis on 127.0.0.1:$REDIS_PORT"
  redis_start
  write_env
  local port
  if [ "$TOPOLOGY" = api-host ]; then
    log "API host (the embedded backend in a process of its own) on 127.0.0.1:$API_PORT"
    start_next "$API_PORT" "$STATE/api-host.env"
  fi
  # One at a time: the first opens (and seeds) the embedded database before the second opens it.
  for port in $NEXT_PORTS; do
    log "next start on 127.0.0.1:$port"
    start_next "$port"
  done
  render_nginx
  nginx -t -q -c "$STATE/nginx/nginx.conf" -p "$STATE"
  if pid_alive "$RUN/nginx.pid"; then
    nginx -s reload -c "$STATE/nginx/nginx.conf" -p "$STATE"
  else
    nginx -c "$STATE/nginx/nginx.conf" -p "$STATE"
  fi
  wait_for "https://127.0.0.1:$HTTPS_PORT/robots.txt" 30
  log "up ($TOPOLOGY): https://127.0.0.1:$HTTPS_PORT/ (self-signed certificate), http://127.0.0.1:$HTTP_PORT/ redirects"
}

down() {
  if pid_alive "$RUN/nginx.pid"; then
    nginx -s quit -c "$STATE/nginx/nginx.conf" -p "$STATE" 2>/dev/null || kill "$(cat "$RUN/nginx.pid")" 2>/dev/null || true
    local i
    for ((i = 0; i < 40; i++)); do pid_alive "$RUN/nginx.pid" || break; sleep 0.25; done
  fi
  local port
  for port in $NEXT_PORTS $API_PORT; do stop_next "$port"; done
  redis_stop
  rm -f "$STACK_FILE"
  log "down"
}

# Zero-downtime restart (docs/deploying.md): one process at a time, and only while every other one is ready.
# SIGTERM makes a process drain (lib/observability/http-server.ts): it stops accepting, so nginx sends its
# requests to the others, answers what it still has, and exits; its supervisor starts the new one, which must
# answer /readyz before the next process goes.
restart() {
  local port other old now i started=$SECONDS
  for port in $NEXT_PORTS; do
    for other in $NEXT_PORTS; do
      [ "$other" = "$port" ] && continue
      if ! wait_ready "$other" 60; then
        echo "restart stopped before 127.0.0.1:$port: 127.0.0.1:$other is not ready, so nobody would serve" >&2
        return 1
      fi
    done
    old="$(cat "$RUN/next-$port.pid" 2>/dev/null || echo)"
    log "restarting 127.0.0.1:$port (pid ${old:-none})"
    [ -n "$old" ] && kill -TERM "$old" 2>/dev/null || true
    for ((i = 0; i < 600; i++)); do
      now="$(cat "$RUN/next-$port.pid" 2>/dev/null || echo)"
      if [ -n "$now" ] && [ "$now" != "$old" ] && ready "$port"; then break; fi
      sleep 0.25
    done
    if ! ready "$port"; then
      echo "127.0.0.1:$port did not come back ready; see $LOGS/next-$port.log" >&2
      return 1
    fi
    log "127.0.0.1:$port ready again (pid $now)"
  done
  log "restarted in $((SECONDS - started)) s"
}

release() {
  node scripts/precompress-static.mjs .next/static public
  keep_static "$STATE/static"
  point_current_here
  restart
}

status() {
  echo "stack: $TOPOLOGY, state $STATE"
  echo "https: https://127.0.0.1:$HTTPS_PORT/  http: $HTTP_PORT  redis: $REDIS_PORT"
  local port
  [ "$TOPOLOGY" = api-host ] && NEXT_PORTS_AND_API="$API_PORT $NEXT_PORTS" || NEXT_PORTS_AND_API="$NEXT_PORTS"
  for port in $NEXT_PORTS_AND_API; do
    local what="next"
    [ "$port" = "$API_PORT" ] && what="api-host"
    if pid_alive "$RUN/next-$port.pid"; then
      if ready "$port"; then echo "$what $port: pid $(cat "$RUN/next-$port.pid"), ready"; else echo "$what $port: pid $(cat "$RUN/next-$port.pid"), NOT ready"; fi
    else
      echo "$what $port: down"
    fi
  done
  if pid_alive "$RUN/redis.pid"; then echo "redis: up"; else echo "redis: down"; fi
  if pid_alive "$RUN/nginx.pid"; then echo "nginx: up"; else echo "nginx: down"; fi
}

stack_settings
case "${1:-}" in
  up) up ;;
  down) down ;;
  restart) restart ;;
  release) release ;;
  status) status ;;
  render)
    render_nginx "${2:-}"
    log "nginx config: ${2:-$STATE/nginx/nginx.conf} (logrotate rules beside it)"
    ;;
  redis-stop) redis_stop ;;
  redis-start) redis_start ;;
  *)
    echo "usage: $0 up|down|restart|release|status|render [FILE]|redis-stop|redis-start" >&2
    exit 2
    ;;
esac
