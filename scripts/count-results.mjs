// Prints the closing line CI reads: `N passed, N failed` across Vitest and Playwright, and the whole-tree
// checks (`lint=0 typecheck=2`: a name and its exit code), each of which counts as one result.
// A missing report counts as one failure (a suite that did not run did not pass).
// Usage: count-results.mjs VITEST.json PLAYWRIGHT.json [MORE-PLAYWRIGHT.json…]; VITEST.json may be `-` (none),
// e.g. for the stack's own run (scripts/test-deploy.sh), and .ci/run adds .reports/deploy.json. A further Vitest
// report is named `vitest:FILE` (.ci/run adds the Node 24 lane's, scripts/test-node24.sh).
import fs from 'node:fs';

const [vitestFile, ...rest] = process.argv.slice(2);
const noVitest = vitestFile === '-';
// `name=code` arguments are whole-tree checks (lint, typecheck); the others are Playwright reports.
const CHECK = /^[\w-]+=\d+$/;
const MORE_VITEST = /^vitest:(.+)$/;
const vitestFiles = [...(noVitest ? [] : [vitestFile]), ...rest.flatMap((arg) => MORE_VITEST.exec(arg)?.[1] ?? [])];
const playwrightFiles = rest.filter((arg) => !CHECK.test(arg) && !MORE_VITEST.test(arg));
const checks = rest.filter((arg) => CHECK.test(arg)).map((arg) => {
  const [name, code] = arg.split('=');
  return { name, ok: code === '0' };
});
let passed = 0;
let failed = 0;
let skipped = 0;

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const vitests = vitestFiles.map((file) => ({ file, report: read(file) }));
for (const { file, report: vitest } of vitests) {
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += (vitest.numFailedTests ?? 0) + (vitest.numRuntimeErrorTestSuites ?? 0);
    skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
    if ((vitest.numFailedTestSuites ?? 0) > 0 && (vitest.numFailedTests ?? 0) === 0) failed += vitest.numFailedTestSuites;
  } else {
    console.log(`no Vitest report at ${file}`);
    failed += 1;
  }
}

const playwrights = playwrightFiles.map((file) => ({ file, report: read(file) }));
for (const { file, report: playwright } of playwrights) {
  if (playwright?.stats) {
    const s = playwright.stats;
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    if ((playwright.errors ?? []).length > 0 && (s.unexpected ?? 0) === 0) failed += playwright.errors.length;
  } else {
    console.log(`no Playwright report at ${file}`);
    failed += 1;
  }
}

for (const check of checks) {
  if (check.ok) passed += 1;
  else failed += 1;
}

// CI shows only the end of the output: name what failed just above the closing line.
// The error's first line, and its Expected/Received lines or the diff's received items (a bare "toBe" says nothing of what was seen).
const firstLine = (text) => {
  const lines = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter(Boolean);
  // A deep-equality diff marks what was received with "+ " (the failed request of a list of page problems).
  const seen = lines.filter((l) => /^(Expected|Received)\b|^\+ {2}/.test(l)).slice(0, 3).map((l) => l.slice(0, 200));
  return [lines[0] ?? '', ...seen].join(' | ');
};
const failures = [];
for (const [i, { file: report, report: vitest }] of vitests.entries()) {
  // The first report is the suite's own; a further one is named by its file.
  const suite = i === 0 && !noVitest ? 'vitest' : `vitest ${report}`;
  for (const file of vitest?.testResults ?? []) {
    const rel = String(file.name).replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${suite} ${rel} › ${t.fullName}: ${firstLine(t.failureMessages?.[0]).slice(0, 700)}`);
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${suite} ${rel}: ${firstLine(file.message).slice(0, 300)}`);
  }
}
function playwrightFailures(suite, titles) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected') continue;
      const error = t.results?.at(-1)?.error?.message;
      failures.push(`playwright ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error).slice(0, 700)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...titles, child.title]);
}
for (const { report: playwright } of playwrights) {
  for (const suite of playwright?.suites ?? []) playwrightFailures(suite, []);
  for (const e of playwright?.errors ?? []) failures.push(`playwright: ${firstLine(e.message).slice(0, 300)}`);
}
for (const check of checks) if (!check.ok) failures.push(`${check.name}: failed (npm run ${check.name} shows why)`);
if (failures.length) console.log(['failed:', ...failures.map((f) => `  ${f}`)].join('\n'));

for (const [i, { file, report: vitest }] of vitests.entries()) {
  const name = i === 0 && !noVitest ? 'vitest' : `vitest ${file}`;
  console.log(`${name}: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'missing'}`);
}
for (const { file, report: playwright } of playwrights) {
  console.log(
    `playwright ${file}: ${playwright?.stats ? `${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed` : 'missing'}`,
  );
}
for (const check of checks) console.log(`${check.name}: ${check.ok ? 'passed' : 'failed'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
