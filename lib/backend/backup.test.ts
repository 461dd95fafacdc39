/**
 * docs/operations.md "Backups": `npm run db:backup` takes a consistent copy of the live database while another
 * process writes to it, and `npm run db:restore` puts it back with every row the copy holds; the database as it
 * was before a restore is kept. Copying site.db alone (what the issue found) misses the writes still in the WAL.
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database, { sqliteDriver } from './sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from './router';
import { createThrottles } from './throttles';
import { backupDatabase, restoreDatabase } from './backup';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-backup-'));
const live = path.join(dir, 'site.db');

/**
 * Another process (as a `next start` would be) inserting numbered rows until told to stop. It runs on this Node
 * (process.execPath), so it loads the driver ./sqlite chose for this one.
 */
const WRITER = `
const Database = require(${JSON.stringify(sqliteDriver)});
const db = new Database(process.argv[1], { timeout: 30000 });
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE IF NOT EXISTS backup_probe (n INTEGER PRIMARY KEY)');
const insert = db.prepare('INSERT INTO backup_probe (n) VALUES (?)');
let n = 0;
const tick = () => { for (let i = 0; i < 20; i++) insert.run(++n); process.stdout.write(n + '\\n'); setImmediate(tick); };
process.on('SIGTERM', () => { db.close(); process.exit(0); });
tick();
`;

function rowsOf(file: string): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT n FROM backup_probe ORDER BY n').all() as { n: number }[]).map((r) => r.n);
  } finally {
    db.close();
  }
}

beforeAll(() => {
  createBackend({ dbPath: live, jwtSecret: new TextEncoder().encode('backup-test-secret-0123456789abcdef'), log: () => {} }, createThrottles({ redis: false })).db.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('db:backup and db:restore', () => {
  it('a backup taken while another process writes holds a consistent prefix of the writes, and restores with every row', async () => {
    const writer = spawn(process.execPath, ['-e', WRITER, live], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    let written = 0;
    writer.stdout.on('data', (chunk: Buffer) => {
      const last = chunk.toString().trim().split('\n').pop();
      if (last) written = Number(last);
    });
    try {
      await expect.poll(() => written, { timeout: 20_000 }).toBeGreaterThan(2000);
      const atStart = written;
      const backup = await backupDatabase(live, path.join(dir, 'backups', 'site-1.db'));
      await expect.poll(() => written, { timeout: 20_000 }).toBeGreaterThan(atStart + 200);
      const copied = rowsOf(backup.file);
      // Every row committed before the backup began, in order, with no gap: one moment's database.
      expect(copied.length).toBeGreaterThanOrEqual(atStart);
      expect(copied[copied.length - 1]).toBe(copied.length);
      expect(backup.members).toBeGreaterThan(0);

      writer.kill('SIGTERM');
      await new Promise((resolve) => writer.once('exit', resolve));
      const restored = await restoreDatabase(backup.file, live);
      expect(rowsOf(live)).toEqual(copied);
      expect(restored.previous).toMatch(/site\.db\.before-restore-\d{8}T\d{6}$/);
      // The database as it was (more rows than the backup) is kept, whole.
      expect(rowsOf(restored.previous!).length).toBeGreaterThan(copied.length);
    } finally {
      writer.kill('SIGTERM');
    }
  });

  it('refuses a file that is not a backup of the site, and leaves the database alone', async () => {
    const stranger = path.join(dir, 'stranger.db');
    const db = new Database(stranger);
    db.exec('CREATE TABLE t (x)');
    db.close();
    const before = rowsOf(live).length;
    await expect(restoreDatabase(stranger, live)).rejects.toThrow(/not a database of the site/);
    expect(rowsOf(live).length).toBe(before);
  });

  // Two npm runs, each starting tsx: on a busy machine longer than Vitest's default allows.
  it('npm run db:backup -- FILE and db:restore -- FILE work from the command line', { timeout: 180_000 }, () => {
    const file = path.join(dir, 'cli.db');
    const env = { ...process.env, DATABASE_PATH: live };
    expect(execFileSync('npm', ['run', '--silent', 'db:backup', '--', file], { env, encoding: 'utf8' })).toMatch(/backed up .* members/);
    expect(fs.existsSync(file)).toBe(true);
    expect(execFileSync('npm', ['run', '--silent', 'db:restore', '--', file], { env, encoding: 'utf8' })).toMatch(/restored .* Start the site's processes again/);
  });
});
