// The Vitest files `npm run test:quick` runs (scripts/test-quick.sh): the test files that changed since a ref, the
// test beside each changed source file (x.ts → x.test.ts), and every test file that imports a changed file
// directly. Not the transitive importers: through lib/backend/handlers/index.ts every backend test imports every
// handler, so "everything that depends on it" is most of the suite, and that is `npm test`'s work.
// Usage: node scripts/quick-tests.mjs <git ref>   prints one path per line.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const since = process.argv[2] || 'HEAD';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', since, '--'), ...git('ls-files', '--others', '--exclude-standard')])].filter(
  (f) => fs.existsSync(f),
);
const isTest = (f) => /\.test\.tsx?$/.test(f);
const SOURCE = /\.(?:tsx?|mjs|js)$/;
const stem = (f) => f.replace(/\.(?:tsx?|mjs|js)$/, '').replace(/\/index$/, '');

const tests = git('ls-files', '*.test.ts', '*.test.tsx').filter((f) => !f.startsWith('e2e/') && !f.startsWith('deploy/'));
const wanted = new Set(changed.filter(isTest));
const changedStems = new Set(changed.filter((f) => SOURCE.test(f) && !isTest(f)).map(stem));

for (const s of changedStems) for (const ext of ['.test.ts', '.test.tsx']) if (fs.existsSync(s + ext)) wanted.add(s + ext);

// A test's imports, resolved the way the project writes them ('@/…' from the root, './…' from the file).
const IMPORT = /(?:from\s+|import\s*\(\s*|vi\.mock\(\s*)['"]([^'"]+)['"]/g;
for (const t of tests) {
  if (wanted.has(t) || changedStems.size === 0) continue;
  const text = fs.readFileSync(t, 'utf8');
  for (const [, spec] of text.matchAll(IMPORT)) {
    let target;
    if (spec.startsWith('@/')) target = spec.slice(2);
    else if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(t), spec));
    else continue;
    if (changedStems.has(stem(target))) {
      wanted.add(t);
      break;
    }
  }
}
for (const f of [...wanted].sort()) console.log(f);
