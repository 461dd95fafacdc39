/**
 * The database keeps its compiled statements (lib/backend/db.ts keepStatements; docs/bench.md "Render cost"):
 * the same SQL text gets the same statement, handed back in its default mode, never while it is still
 * iterating, and only the most recently used KEPT_STATEMENTS texts are kept.
 */
import type BetterSqlite3 from 'better-sqlite3';
import Database from './sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_STATEMENTS, keepStatements } from './db';
import { createBackend } from './router';

const open: BetterSqlite3.Database[] = [];
function memoryDb(limit?: number) {
  const db = keepStatements(new Database(':memory:'), limit);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES (\'甲\'), (\'乙\'), (\'丙\')');
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('keepStatements', () => {
  it('hands back the statement it compiled for the same SQL text, and a new one for another text', () => {
    const db = memoryDb();
    const first = db.prepare('SELECT name FROM t WHERE id = ?');
    expect(db.prepare('SELECT name FROM t WHERE id = ?')).toBe(first);
    expect(db.prepare('SELECT name FROM t WHERE id = ? ')).not.toBe(first);
    expect(db.prepare('SELECT name FROM t WHERE id = ?').get(2)).toEqual({ name: '乙' });
  });

  it("undoes a caller's pluck(), raw() and expand() before handing the statement to the next", () => {
    const db = memoryDb();
    const sql = 'SELECT id, name FROM t WHERE id = ?';
    expect(db.prepare(sql).pluck().get(1)).toBe(1);
    expect(db.prepare(sql).get(1)).toEqual({ id: 1, name: '甲' });
    expect(db.prepare(sql).raw().get(3)).toEqual([3, '丙']);
    expect(db.prepare(sql).get(3)).toEqual({ id: 3, name: '丙' });
    expect(db.prepare(sql).expand().get(2)).toEqual({ t: { id: 2, name: '乙' } });
    expect(db.prepare(sql).get(2)).toEqual({ id: 2, name: '乙' });
  });

  it('keeps statements that write as well, and their effects are those of a fresh statement', () => {
    const db = memoryDb();
    const insert = 'INSERT INTO t (name) VALUES (?)';
    expect(db.prepare(insert).run('丁').changes).toBe(1);
    expect(db.prepare(insert)).toBe(db.prepare(insert));
    db.prepare(insert).run('戊');
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 5 });
  });

  it('compiles a fresh statement while the kept one is still iterating', () => {
    const db = memoryDb();
    const sql = 'SELECT id FROM t ORDER BY id';
    const rows = db.prepare(sql).iterate() as IterableIterator<{ id: number }>;
    expect(rows.next().value).toEqual({ id: 1 });
    const other = db.prepare(sql);
    expect(other.busy).toBe(false);
    expect(other.all()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect([...rows]).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('keeps only the most recently used texts, up to its limit', () => {
    const db = memoryDb(2);
    const a = db.prepare('SELECT 1');
    const b = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(a); // now the most recent: 'SELECT 2' is the oldest
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).toBe(a);
    expect(db.prepare('SELECT 2')).not.toBe(b);
  });

  it('is how the backend opens its database', () => {
    const backend = createBackend({ dbPath: ':memory:', log: () => {} });
    open.push(backend.db);
    const sql = 'SELECT status FROM members WHERE id = ?';
    expect(backend.db.prepare(sql)).toBe(backend.db.prepare(sql));
    expect(KEPT_STATEMENTS).toBeGreaterThanOrEqual(100);
  });
});
