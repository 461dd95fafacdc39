import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend } from '@/lib/backend/router';
import { settingsFromEnv } from '@/lib/backend/settings';
import { openReader, tableNames } from './db-snapshot';
import { copySeededDatabase, createSeededBackend, SEED_TEMPLATES_ENV, seedKey } from './seeded-backend';

/** Seed once, copy after (test/seeded-backend.ts): a copy is the database a fresh seed makes. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-seeded-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const secret = new TextEncoder().encode('seeded-secret-0123456789abcdef0123');
/** 2026-03-10 10:00 China time. */
const AT = Date.UTC(2026, 2, 10, 2, 0, 0);
const settings = (name: string, at = AT) => ({ dbPath: path.join(dir, name), jwtSecret: secret, now: () => new Date(at), log: () => {} });

/**
 * Every table's rows, sorted, but the two that record when the seed ran (its wall-clock time, not the backend's
 * clock), and with what a seed draws at random (a password's salt, a simulated payment's number) masked.
 */
function contents(dbPath: string, only?: string): Record<string, string[]> {
  const reader = openReader(dbPath);
  try {
    const out: Record<string, string[]> = {};
    for (const t of tableNames(reader).filter((n) => n !== 'schema_migrations' && n !== 'backend_state' && (!only || n === only))) {
      const rows = reader.prepare(`SELECT * FROM "${t}"`).raw().all() as unknown[][];
      out[t] = rows
        .map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
        .map((r) => r.replace(/scrypt\$[^"]+/g, 'scrypt$…').replace(/"SIM[0-9A-F]{16}"/g, '"SIM…"'))
        .sort();
    }
    return out;
  } finally {
    reader.close();
  }
}

describe('a seeded copy', () => {
  it('holds what a fresh seed holds, table by table, and the run has its template folder', () => {
    expect(process.env[SEED_TEMPLATES_ENV], 'set by test/seed-templates-setup.ts').toBeTruthy();
    const fresh = createBackend(settings('fresh.db'));
    fresh.db.close();
    const copy = createSeededBackend(settings('copy.db'));
    copy.db.close();
    const expected = contents(path.join(dir, 'fresh.db'));
    expect(Object.keys(expected).length).toBeGreaterThan(30);
    expect(expected.doctors!.length).toBeGreaterThan(50);
    expect(contents(path.join(dir, 'copy.db'))).toEqual(expected);
  });

  it('is one template per seed input: another clock is another template', () => {
    expect(copySeededDatabase(settings('a.db'))).toBe(true);
    const a = contents(path.join(dir, 'a.db'), 'schedule_slots');
    // A day later the schedule's 14 days and the seeded bookings move with the clock.
    expect(copySeededDatabase(settings('b.db', AT + 24 * 60 * 60 * 1000))).toBe(true);
    expect(a.schedule_slots!.length).toBeGreaterThan(0);
    expect(contents(path.join(dir, 'b.db'), 'schedule_slots').schedule_slots).not.toEqual(a.schedule_slots);
  });

  it('keys the real clock by the minute and a fixed clock by its instant', () => {
    const real = Date.parse('2026-11-27T13:40:10Z');
    const at = (ms: number) => settingsFromEnv({ ...settings('k.db'), now: () => new Date(ms) });
    expect(seedKey(at(real), real)).toBe(seedKey(at(real + 30_000), real + 30_000));
    expect(seedKey(at(real), real)).not.toBe(seedKey(at(real + 60_000), real + 60_000));
    expect(seedKey(at(AT), real)).not.toBe(seedKey(at(AT + 1000), real));
    expect(seedKey(settingsFromEnv({ ...settings('k.db'), demoMembers: false }), real)).not.toBe(seedKey(settingsFromEnv({ ...settings('k.db'), demoMembers: true }), real));
  });
});
