#!/usr/bin/env bash
# `npm run test:deploy`: brings up the production stack of scripts/deploy-local.sh (nginx over HTTPS, two
# `next start`, Redis) on the current build, runs its Playwright journeys (deploy/playwright.config.ts), and
# takes the stack down again; then brings it up in the production topology (the web processes call an API host
# process over HTTP, DEPLOY_TOPOLOGY=api-host) and runs the member journeys there. Needs a build
# (`npx next build`; `npm test` makes one). Its JSON reports are .reports/deploy.json and
# .reports/deploy-topology.json, which scripts/count-results.mjs adds to the closing line of .ci/run.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p .reports
rm -f .reports/deploy.json .reports/deploy-topology.json
bash scripts/ensure-chromium.sh || exit 1
bash scripts/ensure-debian-package.sh /usr/sbin/logrotate logrotate || exit 1

export DEPLOY_STATE="${DEPLOY_STATE:-$(pwd)/.deploy}"
env_file="$(mktemp)"
# Test-only: the journeys log in as the demo members (DEMO_MEMBERS=1) and pay with the simulated payment, read
# SMS codes from the development outbox (DEV_AIDS=1), and send everything from one address, so the per-client
# allowances are raised as playwright.config.ts raises them. Never a server's settings (deploy/shengai.env.example).
printf 'SMS_MIN_INTERVAL_SECONDS=1\nSMS_IMAGE_CODE_AFTER=100000\nSMS_IP_LIMIT_PER_HOUR=100000\nDEV_AIDS=1\nRATE_LIMIT_SCALE=1000\nDEMO_MEMBERS=1\nPAYMENT_PROVIDER=simulated\n' > "$env_file"

# A fresh stack and database, as npm test does; the specs send many SMS codes from one address.
fresh_up() {
  bash scripts/deploy-local.sh down >/dev/null 2>&1 || true
  rm -rf "$DEPLOY_STATE/data" "$DEPLOY_STATE/logs" "$DEPLOY_STATE/redis"
  # Next's data cache lives in .next/cache/fetch-cache across restarts: without this, pages would show what an
  # earlier run wrote into another database (the same reason as in scripts/test-all.sh).
  rm -rf .next/cache/fetch-cache
  DEPLOY_ENV_FILE="$env_file" bash scripts/deploy-local.sh up
}

# A suite's stack logs outlive the next suite's fresh stack (.reports/deploy-logs/<suite>/); after a failure the
# lines that are not request logs, and nginx's errors, are printed too, so a failure in CI can be read from its
# output alone (docs/operations.md "Logs").
keep_logs() {
  local name="$1" failed="$2" f
  mkdir -p .reports/deploy-logs
  rm -rf ".reports/deploy-logs/$name"
  cp -r "$DEPLOY_STATE/logs" ".reports/deploy-logs/$name" 2>/dev/null || return 0
  [ "$failed" -eq 0 ] && return 0
  echo "--- the $name stack's logs after its failure (whole: .reports/deploy-logs/$name/) ---"
  for f in ".reports/deploy-logs/$name"/next-*.log; do
    echo "== $(basename "$f"), the last 40 lines that are not request logs"
    grep -v '"msg":"request"' "$f" | tail -n 40
  done
  echo "== nginx-error.log, the last 40 lines"
  tail -n 40 ".reports/deploy-logs/$name/nginx-error.log" 2>/dev/null
  echo "== nginx-access.log, the answers of 500 and above"
  grep -E '"status":5[0-9][0-9]' ".reports/deploy-logs/$name/nginx-access.log" 2>/dev/null | tail -n 20
}

rc=0
if fresh_up; then
  # Absolute: Playwright resolves a relative report path against the config's folder (deploy/).
  PLAYWRIGHT_JSON_OUTPUT_NAME="$(pwd)/.reports/deploy.json" npx playwright test --config deploy/playwright.config.ts --project journeys --project stack
  rc=$?
else
  echo "deploy-local up failed"
  rc=1
fi
bash scripts/deploy-local.sh down
keep_logs embedded "$rc"

# The production topology: the same journeys with the web processes pointed at a separate API host process.
if DEPLOY_TOPOLOGY=api-host fresh_up; then
  DEPLOY_TOPOLOGY=api-host PLAYWRIGHT_JSON_OUTPUT_NAME="$(pwd)/.reports/deploy-topology.json" \
    npx playwright test --config deploy/playwright.config.ts --project journeys --project topology
  topology_rc=$?
else
  echo "deploy-local up (api-host) failed"
  topology_rc=1
fi
bash scripts/deploy-local.sh down
keep_logs api-host "$topology_rc"
rm -f "$env_file"
node scripts/count-results.mjs - .reports/deploy.json .reports/deploy-topology.json
count_rc=$?
if [ $rc -ne 0 ] || [ $topology_rc -ne 0 ] || [ $count_rc -ne 0 ]; then exit 1; fi
exit 0
