/**
 * Shared pieces of the auth and member handlers: SPEC §5 validation of wire
 * fields into BackendErrors, member lookups, and the login brute-force lock.
 */
import { validatePassword, validatePhone, type Validation } from '@/lib/validation';
import { requiredString } from '../fields';
import type { MemberRow } from '../session-tokens';
import { BackendError, ErrorNo, type Database, type Fields } from '../types';

export function checked<T>(result: Validation<T>): T {
  if (!result.ok) throw new BackendError(ErrorNo.BAD_INPUT, result.message);
  return result.value;
}

export function phoneField(fields: Fields, name = 'Phone'): string {
  return checked(validatePhone(requiredString(fields, name, '手机号', 64)));
}

export function passwordField(fields: Fields, name = 'Password'): string {
  const raw = fields[name] ?? '';
  if (raw.length > 64) throw new BackendError(ErrorNo.BAD_INPUT, '密码长度为6-16位');
  return checked(validatePassword(raw));
}

export const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

export function memberByPhone(db: Database, phone: string): MemberRow | undefined {
  return db.prepare('SELECT * FROM members WHERE phone = ?').get(phone) as MemberRow | undefined;
}

export function memberById(db: Database, id: number): MemberRow | undefined {
  return db.prepare('SELECT * FROM members WHERE id = ?').get(id) as MemberRow | undefined;
}

/** An online member who can log in: active, with a bound VIP card. */
export function isLoginable(member: MemberRow | undefined): member is MemberRow {
  return !!member && member.status === 'active' && !!member.vip_code;
}

/** issue 3: 5 wrong passwords in 15 minutes lock the phone for 15 minutes. */
export const LOCK_WINDOW_SECONDS = 15 * 60;
export const MAX_PASSWORD_FAILURES = 5;

/** The end of the phone's lock (epoch seconds), or null when not locked. */
export function lockedUntil(db: Database, phone: string, now: number): number | null {
  const lastOk = db.prepare('SELECT MAX(at) AS at FROM login_attempts WHERE phone = ? AND ok = 1').get(phone) as {
    at: number | null;
  };
  const since = Math.max(now - LOCK_WINDOW_SECONDS, lastOk.at ?? 0);
  const failures = db
    .prepare('SELECT COUNT(*) AS n, MAX(at) AS last FROM login_attempts WHERE phone = ? AND ok = 0 AND at > ?')
    .get(phone, since) as { n: number; last: number | null };
  if (failures.n < MAX_PASSWORD_FAILURES || failures.last === null) return null;
  return failures.last + LOCK_WINDOW_SECONDS;
}

export function lockMessage(until: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((until - now) / 60));
  return `密码错误次数过多，账号已锁定，请${minutes}分钟后再试，或使用短信验证码登录`;
}

export function recordLoginAttempt(db: Database, phone: string, ip: string, ok: boolean, now: number) {
  db.prepare('INSERT INTO login_attempts (phone, ip, ok, at) VALUES (?, ?, ?, ?)').run(phone, ip, ok ? 1 : 0, now);
}

/** The phone's offline cards not yet activated online (SPEC §4 ReturnCode 3 lists them). */
export interface CardRow {
  id: number;
  card_no: string;
  phone: string;
  holder_name: string;
  level: number;
  level_name: string;
  points: number;
  org_name: string;
  issued_at: string;
}

export function cardsOfPhone(db: Database, phone: string): CardRow[] {
  return db
    .prepare('SELECT * FROM member_cards WHERE phone = ? AND member_id IS NULL ORDER BY issued_at')
    .all(phone) as CardRow[];
}
