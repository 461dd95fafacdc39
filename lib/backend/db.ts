/**
 * The embedded backend's SQLite database: opened at DATABASE_PATH (default
 * .data/site.db), migrated and seeded on first use. Several processes may open
 * it at once (next build prerenders in workers), so migration and seeding run
 * inside one exclusive transaction and the others wait on the busy timeout.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from './sqlite';
import { migrations } from './migrations';
import { seeders } from './seed';
import type { BackendSettings, Database as Db } from './types';

const SEED_STATE_KEY = 'seeded';
/** Set when the seed created the demo members (settings.demoMembers): their password is in the README. */
const DEMO_MEMBERS_STATE_KEY = 'demo-members';

export function openDatabase(settings: BackendSettings): Db {
  if (settings.dbPath !== ':memory:') fs.mkdirSync(path.dirname(settings.dbPath), { recursive: true });
  const db = new Database(settings.dbPath, { timeout: 30_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // An INSERT OR REPLACE then fires the DELETE triggers of the row it replaces, so the trigger-kept
  // doctor_counts (migration 011) and keyword postings (012) stay exact on that path too.
  db.pragma('recursive_triggers = ON');
  db.pragma('busy_timeout = 30000');
  migrateAndSeed(db, settings);
  keepStatements(db);
  return db;
}

/** Distinct SQL texts whose compiled statements a database keeps (a text built per call, e.g. an IN list, adds one). */
export const KEPT_STATEMENTS = 500;

/**
 * SQLite compiles a statement on every `prepare`, and the handlers prepare their SQL on every call (a member's
 * page load made 10–20 such compilations: 1.4 % of its CPU in `npm run bench:render`'s profile, docs/bench.md
 * "Render cost"). The database keeps the last KEPT_STATEMENTS statements by their SQL text and hands the same one
 * back. A kept statement is handed back in its default mode (a caller's `.pluck()`, `.raw()` or `.expand()` is
 * undone), and one still iterating (`busy`) is never handed out again: a fresh one is compiled instead.
 */
export function keepStatements(db: Db, limit = KEPT_STATEMENTS): Db {
  const compile = db.prepare.bind(db);
  const kept = new Map<string, ReturnType<Db['prepare']>>();
  db.prepare = ((source: string) => {
    const statement = kept.get(source);
    if (statement && !statement.busy) {
      // The most recently used last: the first entry is the one to drop.
      kept.delete(source);
      kept.set(source, statement);
      if (statement.reader) statement.pluck(false).expand(false).raw(false);
      return statement;
    }
    const fresh = compile(source);
    if (!statement) {
      kept.set(source, fresh);
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
    }
    return fresh;
  }) as Db['prepare'];
  return db;
}

function migrateAndSeed(db: Db, settings: BackendSettings) {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id TEXT PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT (datetime('now')))`);
  db.exec(`CREATE TABLE IF NOT EXISTS backend_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);

  const run = db.transaction(() => {
    const applied = new Set(
      (db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((r) => r.id),
    );
    for (const m of migrations) {
      if (applied.has(m.id)) continue;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (id) VALUES (?)').run(m.id);
    }
    const seeded = db.prepare('SELECT value FROM backend_state WHERE key = ?').get(SEED_STATE_KEY);
    if (!seeded) {
      for (const seed of seeders) seed(db, settings);
      db.prepare('INSERT INTO backend_state (key, value) VALUES (?, ?)').run(SEED_STATE_KEY, new Date().toISOString());
      if (settings.demoMembers) db.prepare('INSERT INTO backend_state (key, value) VALUES (?, ?)').run(DEMO_MEMBERS_STATE_KEY, '1');
    }
  });
  run.exclusive();
  refuseUnwantedDemoMembers(db, settings);
}

/**
 * A database made for a demo (by `next build` with DEMO_MEMBERS=1, or a test run) holds members whose password
 * the README publishes. A process that did not ask for them refuses to serve it rather than let anyone log in
 * as them (docs/operations.md "What a deployment must say on purpose").
 */
function refuseUnwantedDemoMembers(db: Db, settings: BackendSettings) {
  if (settings.demoMembers || settings.dbPath === ':memory:') return;
  const demo = db.prepare('SELECT value FROM backend_state WHERE key = ?').get(DEMO_MEMBERS_STATE_KEY);
  if (!demo) return;
  db.close();
  throw new Error(
    `[backend] ${settings.dbPath} holds the demo members, whose password is published in the README; ` +
      'this process did not ask for them (DEMO_MEMBERS=1 is for tests and demos). Serve a database made without them.',
  );
}

/** Deletes the database files so the next open rebuilds them (npm run db:reset). */
export function removeDatabaseFiles(dbPath: string) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${dbPath}${suffix}`, { force: true });
  // The photos of 图文问诊 live beside it (ask-photos.ts) and go with it.
  fs.rmSync(`${dbPath}.photos`, { recursive: true, force: true });
}
