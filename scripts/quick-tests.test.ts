import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/quick-tests.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quick-tests-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
const picked = () => execFileSync('node', [script, 'HEAD'], { cwd: dir, encoding: 'utf8' }).split('\n').filter(Boolean);

describe('scripts/quick-tests.mjs: the Vitest files test:quick runs', () => {
  it('the test beside a changed file and the tests importing it directly, by alias or relative path; no others', () => {
    git('init', '-q');
    write('src/a.ts', 'export const a = 1;\n');
    write('src/a.test.ts', "import { a } from './a';\n");
    write('src/b/uses-a.test.ts', "import { a } from '@/src/a';\n");
    write('src/c.test.ts', "import { a } from './b/other';\n");
    write('src/b/other.ts', "export { a } from '../a';\n");
    git('add', '.');
    git('commit', '-qm', 'start');
    expect(picked()).toEqual([]);
    write('src/a.ts', 'export const a = 2;\n');
    // Not c.test.ts: it reaches a.ts only through another file (npm test runs it).
    expect(picked()).toEqual(['src/a.test.ts', 'src/b/uses-a.test.ts']);
    // A new, untracked test file is run too.
    write('src/new.test.ts', 'export {};\n');
    expect(picked()).toEqual(['src/a.test.ts', 'src/b/uses-a.test.ts', 'src/new.test.ts']);
  });
});
