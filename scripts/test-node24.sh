#!/usr/bin/env bash
# Node 24 LTS beside Node 20 (docs/operations.md "Install on a server"): production runs Node 24; this machine and
# CI have Node 20. So CI takes Node 24 from the npm registry's `node@24` package and runs on it
#   1. the unit tests (Vitest), and
#   2. a smoke test of the production build `npm test` made: `next start` on Node 24 answers the home page, a
#      doctor, the finder, the API and /readyz (the embedded database open and writable).
# Nothing is rebuilt for Node 24: the one addon that depends on the Node version, SQLite's, is chosen per Node by
# lib/backend/sqlite.ts (better-sqlite3 13, a Node-API build prebuilt in its package, on Node 22+; docs/decisions.md
# "One SQLite driver per Node version"). A process a test starts with the machine's own Node uses Node 20's.
# Writes .reports/vitest-node24.json and .reports/node24.txt (one `name=code` per smoke check), which .ci/run
# counts in its closing line, and prints a closing line of its own.
#
#   bash scripts/test-node24.sh            both steps (after `npm test`, which built .next)
#   NODE24_STEPS=unit bash scripts/...     the unit tests only; NODE24_STEPS=smoke the smoke test only
#   bash scripts/test-node24.sh <test files>   these test files only (the arguments go to Vitest)
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
CACHE="$ROOT/.cache/node24"
STEPS="${NODE24_STEPS:-unit smoke}"
PORT="${NODE24_PORT:-3990}"
VITEST_REPORT=.reports/vitest-node24.json
CHECKS=.reports/node24.txt
mkdir -p "$CACHE" .reports
rm -f "$VITEST_REPORT" "$CHECKS"

# Node 24 from the registry (the platform's binary comes with it).
if [ ! -x "$CACHE/runtime/node_modules/node/bin/node" ]; then
  if ! npm install --prefix "$CACHE/runtime" --no-save --no-audit --no-fund node@24 >/dev/null; then
    echo "node24-install=1" > "$CHECKS"
    echo "0 passed, 1 failed (node@24 not installed)"
    exit 1
  fi
fi
NODE24="$CACHE/runtime/node_modules/node/bin/node"
echo "== Node $("$NODE24" --version) ($NODE24)"
: > "$CHECKS"

if [[ " $STEPS " == *" unit "* ]]; then
  echo "== vitest on Node 24"
  "$NODE24" node_modules/vitest/vitest.mjs run --reporter=dot --reporter=json --outputFile.json="$VITEST_REPORT" "$@"
fi

if [[ " $STEPS " == *" smoke "* ]]; then
  echo "== production build on Node 24: next start on $PORT"
  dbdir="$(mktemp -d)"
  EMBEDDED_BACKEND=1 DEMO_MEMBERS=1 PAYMENT_PROVIDER=simulated DATABASE_PATH="$dbdir/node24.db" NODE_ENV=production METRICS_PORT=0 \
    setsid "$NODE24" node_modules/next/dist/bin/next start -p "$PORT" -H 127.0.0.1 > .reports/node24-server.log 2>&1 &
  server=$!
  for _ in $(seq 1 120); do
    curl -fs -o /dev/null "http://127.0.0.1:$PORT/healthz" && break
    kill -0 "$server" 2>/dev/null || break
    sleep 1
  done
  ok=1
  record() { # name, 0 or 1
    echo "node24-smoke-$1=$2" >> "$CHECKS"
    [ "$2" = 0 ] || ok=0
  }
  check() { # name, path, expected status, text the body holds
    local body status
    body="$(curl -s -w '\n%{http_code}' -H 'accept: text/html' "http://127.0.0.1:$PORT$2")"
    status="${body##*$'\n'}"
    if [ "$status" != "$3" ] || ! grep -q -- "$4" <<< "$body"; then echo "  FAIL $2: $status"; record "$1" 1; else echo "  ok   $2: $status"; record "$1" 0; fi
  }
  check home / 200 '圣爱'
  check doctor /doctordetail/D100001 200 'doctor'
  check finder /doctorlist 200 'doctor-total'
  check readyz /readyz 200 '"database":"ok"'
  check not-found /no-such-page 404 '页面不存在'
  api="$(curl -s -X POST -H 'content-type: application/json' -d '{}' "http://127.0.0.1:$PORT/api/News/GetNewList?IsWeb=1")"
  if grep -q '"ErrorNo":1' <<< "$api"; then echo "  ok   /api/News/GetNewList"; record api 0; else echo "  FAIL /api/News/GetNewList: ${api:0:200}"; record api 1; fi
  # The server's SQLite was the Node-API build: its addon is mapped into a process of the server, 12's into none.
  maps="$(for pid in $(pgrep -s "$server"); do cat "/proc/$pid/maps" 2>/dev/null; done)"
  if grep -q 'better-sqlite3-napi/prebuilds/' <<< "$maps" && ! grep -q 'better-sqlite3/build/' <<< "$maps"; then
    echo "  ok   driver: better-sqlite3-napi"; record driver 0
  else
    echo "  FAIL driver: $(grep -o 'node_modules/better-sqlite3[^ ]*\.node' <<< "$maps" | sort -u | tr '\n' ' ')"; record driver 1
  fi
  kill -- -"$server" 2>/dev/null || kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null
  # Still alive after the checks: a crash at a statement's collection (better-sqlite3 12's abort) would show here.
  if grep -q 'Assertion failed\|Segmentation fault\|Aborted' .reports/node24-server.log; then echo "  FAIL the server crashed"; record no-crash 1; else record no-crash 0; fi
  rm -rf "$dbdir"
  [ $ok = 1 ] || tail -20 .reports/node24-server.log
fi

# The closing line: each Vitest test and each smoke check (scripts/count-results.mjs; `-` when no unit step).
unit_report=-
[[ " $STEPS " == *" unit "* ]] && unit_report="$VITEST_REPORT"
# shellcheck disable=SC2046
node scripts/count-results.mjs "$unit_report" $(cat "$CHECKS")
