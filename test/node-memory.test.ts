/**
 * The memory settings of every `next start` (deploy/node-memory.env, docs/operations.md "Memory"; the render cost's
 * resident-memory goal, measured by `npm run bench:render`): the file is read as an environment, its heap cap
 * takes effect in a Node process, and each way the site is started (the systemd unit, scripts/deploy-supervise.sh,
 * `npm start`, the browser tests' and the bench's servers) starts it with them, the site's environment file last.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE_MEMORY_ENV, nodeMemoryEnv, parseEnvFile } from '../deploy/node-memory.cjs';

const MiB = 1024 * 1024;
const memory: Record<string, string> = nodeMemoryEnv();
const capMiB = Number(/--max-old-space-size=(\d+)/.exec(memory.NODE_OPTIONS ?? '')?.[1]);

/** V8's heap limit, in MiB, of a Node process started with `env`. */
function heapLimitMiB(env: NodeJS.ProcessEnv): number {
  const r = spawnSync(process.execPath, ['-e', "process.stdout.write(String(require('v8').getHeapStatistics().heap_size_limit))"], { env, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return Number(r.stdout) / MiB;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-memory-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('deploy/node-memory.env', () => {
  it('is KEY=value lines: a heap cap and glibc malloc settings', () => {
    expect(path.relative(process.cwd(), NODE_MEMORY_ENV)).toBe(path.join('deploy', 'node-memory.env'));
    expect(capMiB).toBeGreaterThanOrEqual(192);
    expect(capMiB).toBeLessThanOrEqual(512);
    expect(memory.NODE_OPTIONS).toMatch(/(^| )--max-semi-space-size=16( |$)/);
    expect(memory).toMatchObject({ MALLOC_ARENA_MAX: expect.stringMatching(/^\d+$/), MALLOC_MMAP_THRESHOLD_: expect.stringMatching(/^\d+$/) });
  });

  it('refuses a line that is not KEY=value, which systemd and the shell would read another way', () => {
    expect(parseEnvFile('# a note\n\nA_B=1\nC="--x=1 --y=2"\n')).toEqual({ A_B: '1', C: '--x=1 --y=2' });
    // Unquoted spaces: the shell would run `--y=2` with C set for it alone.
    expect(() => parseEnvFile('C=--x=1 --y=2\n')).toThrow(/not KEY=value/);
    expect(() => parseEnvFile('C=$HOME\n')).toThrow(/not KEY=value/);
    expect(() => parseEnvFile('export A=1\n')).toThrow(/not KEY=value/);
    expect(() => parseEnvFile('A = 1\n')).toThrow(/not KEY=value/);
  });

  it('caps V8 heap of the process it is given to, which is otherwise far larger', () => {
    const base = { NODE_ENV: 'test' as const, PATH: process.env.PATH ?? '' };
    const capped = heapLimitMiB({ ...base, ...memory });
    // The limit is the old space plus the young generation's three semi-spaces of 16 MiB, on Node 20 as on
    // Node 24 (whose own default semi-space is 64 MiB: a limit of 448 MiB for an old space of 256).
    expect(capped).toBeGreaterThanOrEqual(capMiB);
    expect(capped).toBeLessThanOrEqual(capMiB + 48);
    expect(heapLimitMiB(base)).toBeGreaterThan(capMiB + 512);
  });
});

describe('every start of the site uses it', () => {
  it('the systemd unit reads it before shengai.env, which may override a line; a release without it still starts', () => {
    const unit = fs.readFileSync('deploy/systemd/shengai-next@.service', 'utf8');
    expect([...unit.matchAll(/^EnvironmentFile=(.+)$/gm)].map((m) => m[1])).toEqual(['-/srv/shengai/current/deploy/node-memory.env', '/srv/shengai/shared/shengai.env']);
  });

  it('scripts/deploy-supervise.sh starts next with it, and the environment file overrides it', () => {
    // A stand-in `node` prints what it was given and exits 78, which ends the supervisor's loop.
    const bin = path.join(dir, 'bin');
    const state = path.join(dir, 'state');
    fs.mkdirSync(bin, { recursive: true });
    fs.mkdirSync(path.join(state, 'run'), { recursive: true });
    fs.writeFileSync(path.join(bin, 'node'), '#!/bin/sh\necho "NODE_OPTIONS=$NODE_OPTIONS"\necho "MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX"\nexit 78\n', { mode: 0o755 });
    const envFile = path.join(state, 'shengai.env');
    const run = () =>
      spawnSync('bash', ['scripts/deploy-supervise.sh', '4999', state, envFile], {
        env: { NODE_ENV: 'test', PATH: `${bin}:/usr/bin:/bin` },
        encoding: 'utf8',
        timeout: 30_000,
      });
    fs.writeFileSync(envFile, 'SITE_URL=https://example.test\n');
    let r = run();
    expect(r.status, r.stderr).toBe(78);
    expect(r.stdout).toContain(`NODE_OPTIONS=${memory.NODE_OPTIONS}\n`);
    expect(r.stdout).toContain(`MALLOC_ARENA_MAX=${memory.MALLOC_ARENA_MAX}\n`);
    fs.writeFileSync(envFile, 'NODE_OPTIONS=--max-old-space-size=384\n');
    r = run();
    expect(r.stdout).toContain('NODE_OPTIONS=--max-old-space-size=384\n');
    expect(r.stdout).toContain(`MALLOC_ARENA_MAX=${memory.MALLOC_ARENA_MAX}\n`);
  });

  it('`npm start` reads it before next start', () => {
    const start = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start as string;
    expect(start).toMatch(/^set -a && \. deploy\/node-memory\.env && set \+a && next start$/);
  });

  it('the browser tests and the bench start their servers with it', () => {
    expect(fs.readFileSync('playwright.config.ts', 'utf8')).toMatch(/\.\.\.nodeMemoryEnv\(\)/);
    expect(fs.readFileSync('bench/stages/server.mjs', 'utf8')).toMatch(/\.\.\.process\.env, \.\.\.nodeMemoryEnv\(\)/);
    expect(fs.readFileSync('bench/stages/render-cost.mjs', 'utf8')).toMatch(/nodeMemoryEnv\(\)\.NODE_OPTIONS/);
  });
});
