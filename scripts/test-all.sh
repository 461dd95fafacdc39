#!/usr/bin/env bash
# `npm test`: build the site, start a production server, run Vitest and then
# Playwright, and print one closing line that counts both suites.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh || exit 1

export DATABASE_PATH="${DATABASE_PATH:-.data/e2e.db}"
export NEXT_TELEMETRY_DISABLED=1
mkdir -p .data .reports
# Playwright empties test-results/ when it starts, so the reports live apart.
rm -f .reports/vitest.json .reports/playwright.json
# A fresh, freshly seeded database for every run, and no data cached from an older one: Next keeps its
# data cache (unstable_cache, lib/api/cache.ts) in .next/cache/fetch-cache across builds and restarts,
# so a rerun would show what an earlier run's tests wrote (a stock one lower) over the fresh database.
rm -f "$DATABASE_PATH" "$DATABASE_PATH-wal" "$DATABASE_PATH-shm" "$DATABASE_PATH-journal"
rm -rf .next/cache/fetch-cache

echo "== next build"
if ! npx next build; then
  echo "build failed"
  echo "0 passed, 1 failed"
  exit 1
fi

echo "== vitest"
npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json
vitest_rc=$?

echo "== playwright"
PLAYWRIGHT_JSON_OUTPUT_NAME=.reports/playwright.json npx playwright test
playwright_rc=$?

node scripts/count-results.mjs .reports/vitest.json .reports/playwright.json
count_rc=$?

if [ $vitest_rc -ne 0 ] || [ $playwright_rc -ne 0 ] || [ $count_rc -ne 0 ]; then exit 1; fi
exit 0
