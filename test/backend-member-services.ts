/**
 * Test helpers for the member-services handlers: a throwaway backend, demo
 * members (the core area's `members` table, created here only when a test
 * database lacks it) and member tokens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackend, type Backend } from '@/lib/backend/router';
import { signAccessToken } from '@/lib/backend/tokens';

export function tempDbPath(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `members-${name}-`));
  return path.join(dir, 'test.db');
}

export const TEST_SECRET = new TextEncoder().encode('member-services-test-secret-0123456789');

export function testBackend(dbPath: string): Backend {
  return createBackend({ dbPath, jwtSecret: TEST_SECRET, log: () => {} });
}

/** Makes sure a member exists with the given points; returns its id. */
export function ensureMember(backend: Backend, m: { phone: string; vipCode: string; name: string; points: number }): number {
  const { db } = backend;
  db.exec(`CREATE TABLE IF NOT EXISTS members (
    id INTEGER PRIMARY KEY, phone TEXT NOT NULL UNIQUE, name TEXT NOT NULL DEFAULT '', vip_code TEXT,
    card_no TEXT, level INTEGER NOT NULL DEFAULT 1, level_name TEXT NOT NULL DEFAULT '普卡',
    points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0), id_card TEXT, birthday TEXT, sex INTEGER,
    password_hash TEXT, status INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL DEFAULT (datetime('now')))`);
  const existing = db.prepare('SELECT id FROM members WHERE phone = ?').get(m.phone) as { id: number } | undefined;
  if (existing) {
    db.prepare('UPDATE members SET points = ?, vip_code = ?, name = ? WHERE id = ?').run(m.points, m.vipCode, m.name, existing.id);
    return existing.id;
  }
  return Number(
    db.prepare('INSERT INTO members (phone, name, vip_code, points) VALUES (?, ?, ?, ?)').run(m.phone, m.name, m.vipCode, m.points)
      .lastInsertRowid,
  );
}

/** A member token of an open session (a member token names its session: lib/backend/tokens.ts). */
export function memberToken(backend: Backend, memberId: number, vipCode: string): Promise<string> {
  return signAccessToken(backend.settings, { sub: String(memberId), VIP: JSON.stringify({ VipCode: vipCode }), typ: 'member', sid: openSession(backend, memberId) });
}

/** A session (refresh-token family) for the member, opened at the backend's clock, as a login would. */
export function openSession(backend: Backend, memberId: number): string {
  const sid = crypto.randomUUID();
  const now = Math.floor(backend.settings.now().getTime() / 1000);
  backend.db
    .prepare(`INSERT INTO refresh_tokens (token_hash, family_id, subject, kind, member_id, issued_at, expires_at) VALUES (?, ?, ?, 'member', ?, ?, ?)`)
    .run(`test-${sid}`, sid, String(memberId), memberId, now, now + 30 * 24 * 60 * 60);
  return sid;
}

export function visitorToken(backend: Backend): Promise<string> {
  return signAccessToken(backend.settings, { sub: 'visitor-test', VIP: '', typ: 'visitor' });
}

// Tests read results loosely in their assertions (expect(r.Result.DataList[0].X)...).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TestEnvelope<T = any> {
  ErrorNo: number;
  ErrorInfo: string;
  Result: T;
}

/** POSTs form fields to /api/<path> of the backend and reads the envelope. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  backend: Backend,
  apiPath: string,
  fields: Record<string, string | undefined> = {},
  token?: string,
): Promise<TestEnvelope<T>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, v);
  const response = await backend.handle(
    new Request(`http://x/api/${apiPath}?IsWeb=1&Sub=`, {
      method: 'POST',
      body,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    }),
  );
  return (await response.json()) as TestEnvelope<T>;
}
