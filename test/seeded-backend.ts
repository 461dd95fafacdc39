/**
 * Seed once, copy after: a test's embedded backend opens on a copy of a database already migrated and seeded
 * with the same settings, instead of seeding its own (about half a second each, 50-odd times a Vitest run).
 * The templates live in a folder made for the run by test/seed-templates-setup.ts (Vitest's globalSetup), so a
 * changed seed or migration never meets an older run's template. Without that folder (a file run another way)
 * every backend seeds its own, as before.
 *
 * A template is keyed by every setting the seed could read, the clock's reading included: a fixed clock (a test
 * that starts the backend at a chosen instant) gives one template for that instant; the real clock gives one
 * template per minute, so a copy is at most a minute older than a fresh seed would be, which is as if the test
 * had run that much later.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@/lib/backend/db';
import { createBackend, type Backend } from '@/lib/backend/router';
import { settingsFromEnv } from '@/lib/backend/settings';
import type { BackendSettings } from '@/lib/backend/types';
import type { Throttles } from '@/lib/backend/throttles';

export const SEED_TEMPLATES_ENV = 'SHENGAI_SEED_TEMPLATES';

/** The seed's inputs: every plain setting but the database path, and the clock's reading (to the minute for the real clock). */
export function seedKey(settings: BackendSettings, realNow = Date.now()): string {
  const plain: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(settings).sort(([a], [b]) => a.localeCompare(b))) {
    if (k === 'dbPath' || typeof v === 'function') continue;
    plain[k] = v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v;
  }
  const now = settings.now().getTime();
  plain.clock = Math.abs(now - realNow) < 5_000 ? `real ${Math.floor(realNow / 60_000)}` : new Date(now).toISOString();
  return crypto.createHash('sha256').update(JSON.stringify(plain)).digest('hex').slice(0, 24);
}

/**
 * Puts a seeded database at settings.dbPath (from the run's template for these settings, made on first use) and
 * answers whether it did. The template is written under a temporary name and renamed, so test files running side
 * by side never read half of one.
 */
export function copySeededDatabase(overrides: Partial<BackendSettings>): boolean {
  const folder = process.env[SEED_TEMPLATES_ENV];
  if (!folder || !overrides.dbPath || overrides.dbPath === ':memory:' || !fs.existsSync(folder)) return false;
  const settings = settingsFromEnv(overrides);
  const template = path.join(folder, `${seedKey(settings)}.db`);
  if (!fs.existsSync(template)) {
    const draft = `${template}.${process.pid}.${crypto.randomUUID()}`;
    // Seeded by the backend's own openDatabase, then closed: closing the last connection folds the WAL in.
    openDatabase({ ...settings, dbPath: draft }).close();
    fs.renameSync(draft, template);
  }
  fs.mkdirSync(path.dirname(overrides.dbPath), { recursive: true });
  fs.copyFileSync(template, overrides.dbPath);
  return true;
}

/** createBackend on a copy of the run's seeded template (see above). */
export function createSeededBackend(overrides: Partial<BackendSettings>, throttles?: Throttles): Backend {
  copySeededDatabase(overrides);
  return throttles ? createBackend(overrides, throttles) : createBackend(overrides);
}
