#!/usr/bin/env bash
# Zero-downtime restart of the systemd units (docs/operations.md "Restarts"), as root on the server:
#   deploy/rolling-restart.sh            every shengai-next@ instance that runs
#   deploy/rolling-restart.sh 3001 3002  these ports
# One instance at a time, and only while every other one is ready (GET /readyz 200): `systemctl restart` sends
# SIGTERM, the process drains (out of nginx's rotation at once, its last requests answered, exit within 20 s:
# lib/observability/http-server.ts), systemd starts it again, and the next one goes only once this one answers
# /readyz. SYSTEMCTL names another systemctl (the tests' stand-in).
set -euo pipefail
SYSTEMCTL="${SYSTEMCTL:-systemctl}"
READY_SECONDS="${READY_SECONDS:-120}"

ready() { curl -sf -o /dev/null --max-time 3 "http://127.0.0.1:$1/readyz"; }
wait_ready() {
  local port="$1" i
  for ((i = 0; i < READY_SECONDS * 4; i++)); do
    ready "$port" && return 0
    sleep 0.25
  done
  echo "127.0.0.1:$port is not ready after ${READY_SECONDS}s: $(curl -s --max-time 3 "http://127.0.0.1:$port/readyz" || echo 'no answer')" >&2
  return 1
}

ports=("$@")
if [ ${#ports[@]} -eq 0 ]; then
  mapfile -t ports < <($SYSTEMCTL list-units --plain --no-legend --state=active 'shengai-next@*.service' | sed -n 's/^shengai-next@\([0-9]*\)\.service.*/\1/p')
fi
if [ ${#ports[@]} -lt 2 ]; then
  echo "rolling-restart: ${#ports[@]} instance(s) running (${ports[*]:-none}); with fewer than two, a restart drops visitors. Start another first." >&2
  exit 1
fi
started=$SECONDS
for port in "${ports[@]}"; do
  for other in "${ports[@]}"; do
    [ "$other" = "$port" ] && continue
    if ! wait_ready "$other"; then
      echo "rolling-restart: stopped before $port: $other is not ready, so nobody would serve" >&2
      exit 1
    fi
  done
  echo "[rolling-restart] shengai-next@$port: draining and restarting"
  $SYSTEMCTL restart "shengai-next@$port.service"
  wait_ready "$port"
  echo "[rolling-restart] shengai-next@$port: ready"
done
echo "[rolling-restart] done in $((SECONDS - started)) s"
