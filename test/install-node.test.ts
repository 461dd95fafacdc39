/**
 * deploy/install.sh's first step, the Node.js check (docs/operations.md "Install on a server", step 1): Node 24 LTS
 * is the target and passes without a word; 22 passes with a note; 20 (past its end of life) is refused unless
 * SHENGAI_OLD_NODE=1, and then only from 20.9 on, with a warning. The step runs alone, with a stand-in `node` that
 * reports the version under test (the rest of the script installs packages and users: deploy/e2e/install.spec.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = fs.readFileSync('deploy/install.sh', 'utf8');
const from = script.indexOf('\n# 1. Node.js');
const to = script.indexOf('\n# 2. ');
const step = script.slice(from, to);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'install-node-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const bin = path.join(dir, 'bin');
fs.mkdirSync(bin);
fs.writeFileSync(path.join(bin, 'node'), '#!/bin/sh\n[ -n "$FAKE_NODE_VERSION" ] || exit 127\necho "$FAKE_NODE_VERSION"\n', { mode: 0o755 });

function check(version: string, oldNode = false) {
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', `set -euo pipefail\nsay() { echo "[install] $*"; }\n${step}`], {
    env: { NODE_ENV: 'test', PATH: `${bin}:/usr/bin:/bin`, FAKE_NODE_VERSION: version, ...(oldNode ? { SHENGAI_OLD_NODE: '1' } : {}) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('deploy/install.sh: the Node.js check', () => {
  it('finds the step in the script', () => {
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    expect(step).toContain('node --version');
  });

  it('takes Node 24 LTS without a warning or a note', () => {
    for (const version of ['v24.0.0', 'v24.21.0', 'v26.1.0']) {
      const r = check(version);
      expect(r.code, version).toBe(0);
      expect(r.out).toBe(`[install] Node.js ${version}\n`);
      expect(r.err).toBe('');
    }
  });

  it('takes Node 22 with a note that 24 is the target', () => {
    const r = check('v22.13.0');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/note: Node\.js v22\.13\.0 runs the site; Node 24 LTS is the target/);
  });

  it('refuses Node 20, 18 and no Node at all, naming Node 24 LTS', () => {
    for (const version of ['v20.20.2', 'v18.19.0', '']) {
      const r = check(version);
      expect(r.code, version).toBe(1);
      expect(r.err).toMatch(/Node\.js 24 LTS is needed/);
    }
  });

  it('takes Node 20.9+ with SHENGAI_OLD_NODE=1, with a warning, and still refuses 20.8', () => {
    const r = check('v20.20.2', true);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/WARNING: Node\.js v20\.20\.2 is past its end of life/);
    expect(check('v20.8.1', true).code).toBe(1);
    expect(check('v18.19.0', true).code).toBe(1);
  });
});
