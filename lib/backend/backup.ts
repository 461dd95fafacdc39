/**
 * Online backup and restore of the embedded backend's SQLite database (docs/operations.md "Backups"),
 * through SQLite's backup API (better-sqlite3's `backup`). The database runs in WAL mode: recent writes live in
 * site.db-wal until a checkpoint, so copying site.db alone loses them. The backup API copies the database as one
 * reader sees it, in one step: a consistent snapshot while the site goes on writing (in WAL mode a reader
 * blocks no writer). A backup made in several steps would start again each time another process wrote.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from './sqlite';

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** Photos of 图文问诊 carried beside it (`<file>.photos/`, ask-photos.ts). */
  photos: number;
  /** Rows per table of the copy, for the operator's log. */
  members: number;
  registrations: number;
}

const ALL_PAGES_AT_ONCE = 2 ** 30;

/**
 * The photos of 图文问诊 live beside the database (`site.db.photos/`, lib/backend/ask-photos.ts) and go with it.
 * A photo file is written before the row that names it commits and never changes after, so copying the folder
 * after the database's snapshot carries every photo the copy's rows name (and perhaps a newer one no row of the
 * copy names yet, which is harmless). Written into `<target>.photos.partial` first, then renamed into place.
 */
function copyPhotos(from: string, to: string): number {
  const partial = `${to}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  let n = 0;
  if (fs.existsSync(from)) {
    fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
    for (const name of fs.readdirSync(from)) {
      fs.copyFileSync(path.join(from, name), path.join(partial, name));
      n += 1;
    }
  }
  fs.rmSync(to, { recursive: true, force: true });
  if (n > 0) fs.renameSync(partial, to);
  else fs.rmSync(partial, { recursive: true, force: true });
  return n;
}

function verify(file: string): { members: number; registrations: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} fails SQLite's integrity check: ${String(check)}`);
    const known = db.prepare(`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('schema_migrations', 'members')`).get() as { n: number };
    if (known.n !== 2) throw new Error(`${file} is not a database of the site (no schema_migrations or members table)`);
    const count = (table: string) => {
      const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table);
      return exists ? (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n : 0;
    };
    return { members: count('members'), registrations: count('registrations') };
  } finally {
    db.close();
  }
}

/** Copies the live database at `source` into `target` (written beside it first, then renamed into place). */
export async function backupDatabase(source: string, target: string): Promise<BackupResult> {
  const started = performance.now();
  if (!fs.existsSync(source)) throw new Error(`no database at ${source} (DATABASE_PATH)`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new Database(source, { fileMustExist: true, timeout: 30_000 });
  try {
    await db.backup(partial, { progress: () => ALL_PAGES_AT_ONCE });
  } finally {
    db.close();
  }
  // The copy is a plain file (its own journal mode is the source's; no -wal of its own is left behind).
  const counts = verify(partial);
  fs.renameSync(partial, target);
  const photos = copyPhotos(`${source}.photos`, `${target}.photos`);
  return { file: target, bytes: fs.statSync(target).size, ms: Math.round(performance.now() - started), photos, ...counts };
}

export interface RestoreResult extends BackupResult {
  /** Where the database as it was before the restore was kept (nothing a member did is thrown away unasked). */
  previous: string | null;
}

/**
 * Puts the backup `file` in place of the database at `target`. The database as it was is backed up first
 * beside it (`site.db.before-restore-<time>`). Run it with the site's processes stopped (docs/operations.md):
 * SQLite keeps a running process consistent, but its page cache would still show what it served before.
 */
export async function restoreDatabase(file: string, target: string, now: Date = new Date()): Promise<RestoreResult> {
  const started = performance.now();
  verify(file);
  let previous: string | null = null;
  if (fs.existsSync(target)) {
    previous = `${target}.before-restore-${now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}`;
    await backupDatabase(target, previous);
  }
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // Into the live file through SQLite (its -wal and locks included), never a copy over it.
    await source.backup(target, { progress: () => ALL_PAGES_AT_ONCE });
  } finally {
    source.close();
  }
  const counts = verify(target);
  // The photos as the backup has them (the ones before the restore went with `previous`).
  const photos = copyPhotos(`${file}.photos`, `${target}.photos`);
  return { file: target, bytes: fs.statSync(target).size, ms: Math.round(performance.now() - started), previous, photos, ...counts };
}
