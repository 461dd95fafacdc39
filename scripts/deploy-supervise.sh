#!/usr/bin/env bash
# Keeps one `next start` running on PORT (scripts/deploy-local.sh; what systemd's Restart=on-failure does
# in deploy/systemd/shengai-next@.service): when the process exits, it is started again a second later,
# until deploy-local.sh marks the port as stopping. Exit status 78 (a deployment problem the process printed,
# lib/operations/start-checks.ts) is not restarted, as RestartPreventExitStatus=78 in the unit.
# ENV_FILE (default STATE/shengai.env) holds the process's environment. The process runs in the release that
# STATE/current points at (this tree unless a release switched it), read again at every start, as the unit's
# WorkingDirectory=/srv/shengai/current is (deploy/release.sh).
set -uo pipefail
port="$1"
state="$2"
env_file="${3:-$state/shengai.env}"
tree="$(cd "$(dirname "$0")/.." && pwd)"
child=""
trap '[ -n "$child" ] && kill -TERM "$child" 2>/dev/null; wait "$child" 2>/dev/null; exit 0' TERM INT
while [ ! -e "$state/run/stopping-$port" ]; do
  release="$tree"
  [ -d "$state/current" ] && release="$(cd -P "$state/current" && pwd)"
  (
    cd "$release"
    set -a
    # The release's memory settings first, then the environment file, which may override them (as the unit's two
    # EnvironmentFile lines: docs/operations.md "Memory"). A release from before the file starts without it.
    [ -f deploy/node-memory.env ] && . deploy/node-memory.env
    # shellcheck disable=SC1090
    . "$env_file"
    set +a
    export PORT="$port"
    exec node node_modules/next/dist/bin/next start -p "$port" -H 127.0.0.1
  ) &
  child=$!
  echo "$child" > "$state/run/next-$port.pid"
  wait "$child"
  rc=$?
  [ -e "$state/run/stopping-$port" ] && break
  if [ "$rc" = 78 ]; then
    echo "[supervise] next start on $port refused to start (78: see the [start] lines above); not starting it again"
    rm -f "$state/run/next-$port.pid"
    exit 78
  fi
  echo "[supervise] next start on $port exited ($rc) at $(date -u +%H:%M:%S); starting it again"
  sleep 1
done
