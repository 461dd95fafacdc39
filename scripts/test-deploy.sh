#!/usr/bin/env bash
# `npm run test:deploy`: brings up the production stack of scripts/deploy-local.sh (nginx over HTTPS, two
# `next start`, Redis) on the current build, runs its Playwright journeys (deploy/playwright.config.ts), and
# takes the stack down again. Needs a build (`npx next build`; `npm test` makes one). Its JSON report is
# .reports/deploy.json, which scripts/count-results.mjs adds to the closing line of .ci/run.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p .reports
rm -f .reports/deploy.json
bash scripts/ensure-chromium.sh || exit 1

export DEPLOY_STATE="${DEPLOY_STATE:-$(pwd)/.deploy}"
# A fresh database for every run, as npm test does; the specs send many SMS codes from one address.
bash scripts/deploy-local.sh down >/dev/null 2>&1 || true
rm -rf "$DEPLOY_STATE/data" "$DEPLOY_STATE/logs"
# Next's data cache lives in .next/cache/fetch-cache across restarts: without this, pages would show what an
# earlier run wrote into another database (the same reason as in scripts/test-all.sh).
rm -rf .next/cache/fetch-cache
env_file="$(mktemp)"
# Test-only: the journeys read SMS codes from the development outbox (DEV_AIDS=1, never on a public server) and
# send everything from one address, so the per-client allowances are raised as playwright.config.ts raises them.
printf 'SMS_MIN_INTERVAL_SECONDS=1\nSMS_IMAGE_CODE_AFTER=100000\nSMS_IP_LIMIT_PER_HOUR=100000\nDEV_AIDS=1\nRATE_LIMIT_SCALE=1000\n' > "$env_file"
if ! DEPLOY_ENV_FILE="$env_file" bash scripts/deploy-local.sh up; then
  echo "deploy-local up failed"
  bash scripts/deploy-local.sh down || true
  rm -f "$env_file"
  echo "0 passed, 1 failed"
  exit 1
fi

# Absolute: Playwright resolves a relative report path against the config's folder (deploy/).
PLAYWRIGHT_JSON_OUTPUT_NAME="$(pwd)/.reports/deploy.json" npx playwright test --config deploy/playwright.config.ts
rc=$?

bash scripts/deploy-local.sh down
rm -f "$env_file"
node scripts/count-results.mjs - .reports/deploy.json
exit $rc
