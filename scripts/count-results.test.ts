/**
 * The closing line CI reads (`N passed, N failed`, both suites together), and the names of what failed
 * printed just above it, since CI shows only the end of the output.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'count-results-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(vitest: unknown, playwright: unknown, checks: string[] = []): { code: number; out: string } {
  const v = path.join(dir, `v-${Math.random()}.json`);
  const p = path.join(dir, `p-${Math.random()}.json`);
  if (vitest !== undefined) fs.writeFileSync(v, JSON.stringify(vitest));
  if (playwright !== undefined) fs.writeFileSync(p, JSON.stringify(playwright));
  try {
    return { code: 0, out: execFileSync('node', ['scripts/count-results.mjs', v, p, ...checks], { encoding: 'utf8' }) };
  } catch (err) {
    const e = err as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}

const vitestReport = (failed: boolean) => ({
  numPassedTests: 2,
  numFailedTests: failed ? 1 : 0,
  numFailedTestSuites: failed ? 1 : 0,
  testResults: [
    {
      name: `${process.cwd()}/lib/a.test.ts`,
      status: failed ? 'failed' : 'passed',
      assertionResults: [
        { fullName: 'a works', status: 'passed', failureMessages: [] },
        { fullName: 'a also works', status: 'passed', failureMessages: [] },
        ...(failed ? [{ fullName: 'props › stores nothing', status: 'failed', failureMessages: ['\u001b[31mProperty failed after 7 tests\u001b[39m\n{ seed: 1 }'] }] : []),
      ],
    },
  ],
});

const playwrightReport = (failed: boolean) => ({
  stats: { expected: 3, unexpected: failed ? 1 : 0, flaky: 0, skipped: 0 },
  errors: [],
  suites: [
    {
      title: 'e2e/home.spec.ts',
      specs: [{ title: 'home renders', file: 'home.spec.ts', line: 4, tests: [{ status: 'expected', results: [] }] }],
      suites: [
        {
          title: 'overlays',
          specs: [{ title: 'login opens', file: 'home.spec.ts', line: 20, tests: [{ status: failed ? 'unexpected' : 'expected', results: [{ error: { message: 'Error: expect(received).toBe(expected)\n\n\u001b[32mExpected: 200\u001b[39m\nReceived: 302\n    at spec' } }] }] }],
        },
      ],
    },
  ],
});

describe('scripts/count-results.mjs', () => {
  it('all green: one closing line that adds both suites, exit 0, no failure list', () => {
    const r = run(vitestReport(false), playwrightReport(false));
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n').at(-1)).toBe('5 passed, 0 failed');
    expect(r.out).not.toContain('failed:');
  });

  it('a failure in each suite: both are named with the first line of their message and its Expected/Received, and the exit code is 1', () => {
    const r = run(vitestReport(true), playwrightReport(true));
    expect(r.code).toBe(1);
    expect(r.out).toContain('vitest lib/a.test.ts › props › stores nothing: Property failed after 7 tests');
    // With what was expected and what was seen: a bare "toBe" names no cause.
    expect(r.out).toContain('playwright home.spec.ts:20 › overlays › login opens: Error: expect(received).toBe(expected) | Expected: 200 | Received: 302\n');
    expect(r.out).not.toContain('\u001b[');
    expect(r.out.trim().split('\n').at(-1)).toBe('5 passed, 2 failed');
  });

  it('a suite that left no report counts as a failure', () => {
    const r = run(vitestReport(false), undefined);
    expect(r.code).toBe(1);
    expect(r.out.trim().split('\n').at(-1)).toBe('2 passed, 1 failed');
  });

  it('lint and typecheck count as one result each; a failed one is named and fails the run', () => {
    const green = run(vitestReport(false), playwrightReport(false), ['lint=0', 'typecheck=0']);
    expect(green.code).toBe(0);
    expect(green.out.trim().split('\n').at(-1)).toBe('7 passed, 0 failed');
    const red = run(vitestReport(false), playwrightReport(false), ['lint=1', 'typecheck=0']);
    expect(red.code).toBe(1);
    expect(red.out).toContain('lint: failed');
    expect(red.out.trim().split('\n').at(-1)).toBe('6 passed, 1 failed');
  });

  it("a further Vitest report (`vitest:FILE`, the Node 24 lane's) counts too; its failures are named by its file; a missing one fails", () => {
    const more = path.join(dir, `node24-${Math.random()}.json`);
    fs.writeFileSync(more, JSON.stringify(vitestReport(true)));
    const r = run(vitestReport(false), playwrightReport(false), [`vitest:${more}`, 'node24-smoke-home=0']);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`vitest ${more} lib/a.test.ts › props › stores nothing: Property failed after 7 tests`);
    expect(r.out).toContain(`vitest ${more}: 2 passed, 1 failed`);
    // 2 + 3 of the two suites, 2 of the further report and the smoke check; its one failure.
    expect(r.out.trim().split('\n').at(-1)).toBe('8 passed, 1 failed');
    const missing = run(vitestReport(false), playwrightReport(false), [`vitest:${path.join(dir, 'none.json')}`]);
    expect(missing.code).toBe(1);
    expect(missing.out.trim().split('\n').at(-1)).toBe('5 passed, 1 failed');
  });
});
