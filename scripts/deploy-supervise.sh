#!/usr/bin/env bash
# Keeps one `next start` running on PORT (scripts/deploy-local.sh; what systemd's Restart=on-failure does
# in deploy/systemd/shengai-next@.service): when the process exits, it is started again a second later,
# until deploy-local.sh marks the port as stopping.
set -uo pipefail
port="$1"
state="$2"
cd "$(dirname "$0")/.."
child=""
trap '[ -n "$child" ] && kill -TERM "$child" 2>/dev/null; exit 0' TERM INT
while [ ! -e "$state/run/stopping-$port" ]; do
  (
    set -a
    # shellcheck disable=SC1091
    . "$state/shengai.env"
    set +a
    export PORT="$port"
    exec node node_modules/next/dist/bin/next start -p "$port" -H 127.0.0.1
  ) &
  child=$!
  echo "$child" > "$state/run/next-$port.pid"
  wait "$child"
  rc=$?
  [ -e "$state/run/stopping-$port" ] && break
  echo "[supervise] next start on $port exited ($rc) at $(date -u +%H:%M:%S); starting it again"
  sleep 1
done
