#!/usr/bin/env bash
# `npm test`: lint and typecheck the tree, build the site, start a production server, run Vitest and
# then Playwright, and print one closing line that counts both suites and the two checks (one result each).
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh || exit 1
# lib/shared-state's Vitest cases start a redis-server of their own (a private Unix socket).
bash scripts/ensure-debian-package.sh /usr/bin/redis-server redis-server || exit 1

export DATABASE_PATH="${DATABASE_PATH:-.data/e2e.db}"
export NEXT_TELEMETRY_DISABLED=1
# The demo a test run is (docs/operations.md "What a deployment must say on purpose"): `next build` opens and
# seeds the database too, so it must be made with the demo members the tests log in as.
export EMBEDDED_BACKEND=1 DEMO_MEMBERS=1 PAYMENT_PROVIDER=simulated
mkdir -p .data .reports
# Playwright empties test-results/ when it starts, so the reports live apart.
rm -f .reports/vitest.json .reports/playwright.json .reports/checks.txt
# A fresh, freshly seeded database for every run, and no data cached from an older one: Next keeps its
# data cache (unstable_cache, lib/api/cache.ts) in .next/cache/fetch-cache across builds and restarts,
# so a rerun would show what an earlier run's tests wrote (a stock one lower) over the fresh database.
rm -f "$DATABASE_PATH" "$DATABASE_PATH-wal" "$DATABASE_PATH-shm" "$DATABASE_PATH-journal"
rm -rf .next/cache/fetch-cache

# The layer table of docs/architecture.md is an ESLint rule: an upward import fails here.
echo "== lint"
npm run --silent lint
lint_rc=$?

echo "== next build"
if ! npx next build; then
  echo "build failed"
  echo "0 passed, 1 failed"
  exit 1
fi

# After the build, so the route types Next generates in .next/types describe today's app/ tree.
echo "== typecheck"
npm run --silent typecheck
typecheck_rc=$?

echo "== vitest"
npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
vitest_rc=$?

echo "== playwright"
# E2E_CLOCKS=1: the tests tagged @dated run again at three fixed clocks, each on a server of its own
# (playwright.config.ts, e2e/support/clocks.ts), so an hour-dependent failure shows at any hour of the run.
E2E_CLOCKS=1 PLAYWRIGHT_JSON_OUTPUT_NAME=.reports/playwright.json npx playwright test
playwright_rc=$?

# .ci/run counts the checks again in its own closing line, with the stack's tests.
echo "lint=$lint_rc typecheck=$typecheck_rc" > .reports/checks.txt
node scripts/count-results.mjs .reports/vitest.json .reports/playwright.json "lint=$lint_rc" "typecheck=$typecheck_rc"
count_rc=$?

if [ $vitest_rc -ne 0 ] || [ $playwright_rc -ne 0 ] || [ $count_rc -ne 0 ] || [ $lint_rc -ne 0 ] || [ $typecheck_rc -ne 0 ]; then exit 1; fi
exit 0
