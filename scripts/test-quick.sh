#!/usr/bin/env bash
# `npm run test:quick`: the everyday loop, in about a minute (README "Scripts"): lint and typecheck of the whole
# tree, then the Vitest files of what changed (scripts/quick-tests.mjs). No build, no browser, no Redis: `npm test` runs everything.
#   TEST_QUICK_SINCE=<git ref>   what "changed" is measured against (default HEAD: the uncommitted changes;
#                                e.g. main for everything on the branch).
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
since="${TEST_QUICK_SINCE:-HEAD}"
started=$(date +%s)
step=$started
# Seconds since the previous step, into $took, for the closing line.
lap() { local now; now=$(date +%s); took=$(( now - step )); step=$now; }

echo "== lint (cached: node_modules/.cache/eslint)"
npx eslint --cache --cache-location node_modules/.cache/eslint/ .
lint_rc=$?
lap; lint_s=$took

# The route types come from .next/types; `next typegen` writes them without a build (and keeps up with app/).
echo "== typecheck"
npx next typegen >/dev/null && npx tsc --noEmit
typecheck_rc=$?
lap; typecheck_s=$took

echo "== vitest: the tests of what changed since $since (scripts/quick-tests.mjs; npm test runs them all)"
mapfile -t files < <(node scripts/quick-tests.mjs "$since")
if [ ${#files[@]} -eq 0 ]; then
  echo "no test file changed or imports a changed file"
  vitest_rc=0
else
  printf '  %s\n' "${files[@]}"
  npx vitest run "${files[@]}"
  vitest_rc=$?
fi
lap; vitest_s=$took

echo "== test:quick took $(( $(date +%s) - started )) s (lint ${lint_s} s, typecheck ${typecheck_s} s, vitest ${vitest_s} s): lint=$lint_rc typecheck=$typecheck_rc vitest=$vitest_rc"
if [ $lint_rc -ne 0 ] || [ $typecheck_rc -ne 0 ] || [ $vitest_rc -ne 0 ]; then exit 1; fi
exit 0
