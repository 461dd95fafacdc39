// Prints the closing line CI reads: `N passed, N failed` across Vitest and Playwright.
// A missing report counts as one failure (a suite that did not run did not pass).
import fs from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
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

const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += (vitest.numFailedTests ?? 0) + (vitest.numRuntimeErrorTestSuites ?? 0);
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if ((vitest.numFailedTestSuites ?? 0) > 0 && (vitest.numFailedTests ?? 0) === 0) failed += vitest.numFailedTestSuites;
} else {
  console.log(`no Vitest report at ${vitestFile}`);
  failed += 1;
}

const playwright = read(playwrightFile);
if (playwright?.stats) {
  const s = playwright.stats;
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  if ((playwright.errors ?? []).length > 0 && (s.unexpected ?? 0) === 0) failed += playwright.errors.length;
} else {
  console.log(`no Playwright report at ${playwrightFile}`);
  failed += 1;
}

console.log(`vitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'missing'}`);
console.log(
  `playwright: ${playwright?.stats ? `${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed` : 'missing'}`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
