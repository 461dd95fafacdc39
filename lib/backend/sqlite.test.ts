/**
 * The SQLite driver of each Node version (lib/backend/sqlite.ts, docs/decisions.md "One SQLite driver per Node
 * version"): Node 20 uses better-sqlite3 12, Node 22+ the Node-API build (better-sqlite3 13). This file runs on
 * the machine's Node 20 in `npm test` and on Node 24 in `npm run test:node24`: on each it proves the driver chosen
 * is the one whose addon is loaded, and that it does what the backend asks of it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import Database, { sqliteDriver, sqliteDriverFor } from './sqlite';

/** The native addons this process has loaded (the shared objects of Node's diagnostic report). */
function loadedAddons(): string[] {
  const report = process.report.getReport() as unknown as { sharedObjects: string[] };
  return report.sharedObjects.filter((file) => file.endsWith('.node'));
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-sqlite-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the SQLite driver of each Node version', () => {
  it('is better-sqlite3 12 on Node 20 and the Node-API build from Node 22 on', () => {
    expect(sqliteDriverFor('20.9.0')).toBe('better-sqlite3');
    expect(sqliteDriverFor('20.20.2')).toBe('better-sqlite3');
    expect(sqliteDriverFor('21.7.3')).toBe('better-sqlite3');
    expect(sqliteDriverFor('22.13.0')).toBe('better-sqlite3-napi');
    expect(sqliteDriverFor('24.21.0')).toBe('better-sqlite3-napi');
    expect(sqliteDriver).toBe(sqliteDriverFor(process.versions.node));
  });

  it("loads the chosen package's addon and never the other's", () => {
    const db = new Database(':memory:');
    expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    db.close();
    const addons = loadedAddons().filter((file) => file.includes('better'));
    const ofPackage = (name: string) => addons.filter((file) => file.includes(`/node_modules/${name}/`));
    const other = sqliteDriver === 'better-sqlite3' ? 'better-sqlite3-napi' : 'better-sqlite3';
    expect(ofPackage(sqliteDriver)).toHaveLength(1);
    expect(ofPackage(other)).toEqual([]);
  });

  it('does what the backend asks of it: pragmas, nested transactions, iterate, backup', async () => {
    const file = path.join(dir, 'driver.db');
    const db = new Database(file, { timeout: 30_000 });
    expect(db.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
    db.pragma('foreign_keys = ON');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, s TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (n, s) VALUES (?, ?)');
    const inner = db.transaction((n: number) => {
      insert.run(n, `行${n}`);
      if (n === 3) throw new Error('rolled back');
    });
    const outer = db.transaction(() => {
      inner(1);
      inner(2);
      // A nested transaction is a savepoint: its failure undoes its own write only.
      expect(() => inner(3)).toThrow('rolled back');
    });
    outer.exclusive();
    expect([...db.prepare('SELECT n, s FROM t ORDER BY n').iterate()]).toEqual([
      { n: 1, s: '行1' },
      { n: 2, s: '行2' },
    ]);
    expect(insert.run(4, '行4')).toMatchObject({ changes: 1, lastInsertRowid: 4 });
    expect(() => insert.run(4, 'again')).toThrow(/UNIQUE/);

    const copy = path.join(dir, 'copy.db');
    await db.backup(copy);
    db.close();
    const reader = new Database(copy, { readonly: true, fileMustExist: true });
    expect(reader.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(reader.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 3 });
    reader.close();
  });

  it('survives the garbage collection of freed statements (better-sqlite3 12 aborted there on Node 24.19+)', () => {
    // The collector, called on purpose: V8's gc function, exposed to a fresh context for this test only.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const db = new Database(':memory:');
    let sum = 0;
    for (let i = 0; i < 2_000; i++) sum += (db.prepare('SELECT ? AS i').get(i) as { i: number }).i;
    gc();
    db.close();
    gc();
    expect(sum).toBe((1_999 * 2_000) / 2);
    expect(new Database(':memory:').prepare('SELECT 2 AS two').get()).toEqual({ two: 2 });
  });
});

describe('only lib/backend/sqlite.ts loads a driver', () => {
  it('no other file imports or requires better-sqlite3 (types aside)', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|cjs|js)$/.test(f) && !f.endsWith('.d.ts') && fs.existsSync(f));
    expect(files.length).toBeGreaterThan(500);
    const loads = /(?:^\s*import\s+(?!type\b)[^;]*?\bfrom\s+|\brequire\(\s*|\bimport\(\s*)['"]better-sqlite3(?:-napi)?['"]/m;
    expect(loads.test("import Database from 'better-sqlite3';")).toBe(true);
    expect(loads.test("import type Database from 'better-sqlite3';")).toBe(false);
    const found = files.filter((f) => f !== 'lib/backend/sqlite.ts' && f !== 'lib/backend/sqlite.test.ts' && loads.test(fs.readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
