/**
 * deploy/release.sh and the pages kept on disk (docs/operations.md "Releases"): a release keeps the folders of the
 * current and the previous build under PAGE_CACHE_DIR/<data source>/ (a rollback starts warm) and removes those of
 * older builds, so that releases do not fill the disk. Run on a temporary layout with two built releases (a
 * BUILD_ID and static files each), a systemctl stand-in with no process running (the first-start branch) and no
 * prerender; the rolling restart and the prerender are the deploy stack's (deploy/e2e/release.spec.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let home: string;

function release(build: string): string {
  const dir = path.join(home, 'releases', build);
  fs.mkdirSync(path.join(dir, '.next', 'static', 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.next', 'BUILD_ID'), `${build}\n`);
  fs.writeFileSync(path.join(dir, '.next', 'static', 'chunks', `${build}.js`), '');
  return dir;
}

/** A build's folder of kept pages under one data source, with a page in it. */
function keptPages(source: string, build: string): string {
  const dir = path.join(home, 'shared', 'page-cache', source, build);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'abc.page'), 'page');
  return dir;
}

function runRelease(arg: string, env: Record<string, string> = {}) {
  const r = spawnSync('bash', ['deploy/release.sh', arg], {
    env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '/usr/bin:/bin', SHENGAI_HOME: home, SYSTEMCTL: path.join(home, 'systemctl'), SHENGAI_PRERENDER: '0', ...env },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'release-pages-'));
  fs.mkdirSync(path.join(home, 'shared', 'static'), { recursive: true });
  // No process runs: release.sh takes the first-start branch, which this stand-in accepts.
  fs.writeFileSync(path.join(home, 'systemctl'), '#!/bin/sh\ncase "$1" in list-units) ;; start) ;; *) exit 2 ;; esac\n', { mode: 0o755 });
  fs.writeFileSync(path.join(home, 'shared', 'shengai.env'), `NODE_ENV=production\nPAGE_CACHE_DIR=${path.join(home, 'shared', 'page-cache')}\n`);
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

describe('deploy/release.sh: pages kept on disk', () => {
  it('keeps the current and the previous build’s pages, for every data source, and removes older builds’', () => {
    const [a, b, c] = ['buildAAAA', 'buildBBBB', 'buildCCCC'].map(release);
    runRelease(a!);
    runRelease(b!);
    const kept = [keptPages('source1', 'buildAAAA'), keptPages('source1', 'buildBBBB'), keptPages('source2', 'buildBBBB')];
    const old = [keptPages('source1', 'buildOLD1'), keptPages('source2', 'buildOLD2')];
    fs.writeFileSync(path.join(home, 'shared', 'page-cache', 'source1', 'purged-at'), '1');

    const out = runRelease(c!);
    expect(out).toContain('release: removed the pages kept on disk for build buildAAAA');
    expect(out).toContain('release: removed the pages kept on disk for build buildOLD1');
    expect(out).toContain('release: removed the pages kept on disk for build buildOLD2');
    // C is current, B previous: B's pages stay for a rollback; A's and the old ones are gone.
    for (const dir of [kept[0]!, ...old]) expect(fs.existsSync(dir), dir).toBe(false);
    for (const dir of [kept[1]!, kept[2]!]) expect(fs.existsSync(path.join(dir, 'abc.page')), dir).toBe(true);
    // The purge stamp beside the builds is not a build: it stays.
    expect(fs.readFileSync(path.join(home, 'shared', 'page-cache', 'source1', 'purged-at'), 'utf8')).toBe('1');

    // A rollback to B keeps B's and C's pages.
    const cPages = keptPages('source1', 'buildCCCC');
    const rolled = runRelease('--rollback');
    expect(rolled).not.toContain('removed the pages');
    expect(fs.existsSync(path.join(cPages, 'abc.page'))).toBe(true);
    expect(fs.existsSync(path.join(kept[1]!, 'abc.page'))).toBe(true);
  });

  it('removes nothing, and releases, when PAGE_CACHE_DIR is unset or relative, or there is no environment file', () => {
    const [a, b, c] = ['buildAAAA', 'buildBBBB', 'buildCCCC'].map(release);
    runRelease(a!);
    runRelease(b!);
    const old = keptPages('source1', 'buildOLD1');
    for (const value of ['', 'shared/page-cache', null]) {
      const envFile = path.join(home, 'shared', 'shengai.env');
      if (value === null) fs.rmSync(envFile);
      else fs.writeFileSync(envFile, value ? `PAGE_CACHE_DIR=${value}\n` : 'NODE_ENV=production\n');
      const out = runRelease(c!);
      expect(out).toMatch(/release: (?:current → |.*already the current release)/);
      expect(out).not.toContain('removed the pages');
      expect(fs.existsSync(path.join(old, 'abc.page')), String(value)).toBe(true);
    }
  });
});
