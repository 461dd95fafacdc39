/**
 * Shared pieces of the auth and member handlers: SPEC §5 validation of wire
 * fields into BackendErrors, member lookups, and the login brute-force lock.
 */
import { LIMITS, limitMessage, limitSeconds } from '@/lib/limits';
import { validatePassword, validatePhone, type Validation } from '@/lib/validation';
import { requiredString } from '../fields';
import { deviceToken, newDevice } from '../device-tokens';
import { issueMemberTokens, type MemberRow } from '../session-tokens';
import { clientOfPhone, deviceKey, rememberClient, type ClientOfPhone } from '../known-clients';
import { addressBlocks } from '@/lib/security/client-address';
import { slowerPath } from '../proof';
import { injectedCeiling } from '../dev-ceilings';
import { checkSmsSend, checkSmsTries, ShareSpent, verifySmsCode, type SendInput } from '../sms';
import { noticeTrip } from '../sms-alerts';
import type { ThrottleName } from '../throttles';
import { BackendError, ErrorNo, TooManyRequests, type BackendSettings, type Database, type HandlerContext } from '../types';

export function checked<T>(result: Validation<T>): T {
  if (!result.ok) throw new BackendError(ErrorNo.BAD_INPUT, result.message);
  return result.value;
}

/** The Phone field: a handler's fields must name it (the endpoint table), else tsc fails. */
export function phoneField(fields: Readonly<{ Phone?: string }>): string {
  return checked(validatePhone(requiredString(fields, 'Phone', '手机号', 64)));
}

/** The Password field: a handler's fields must name it (the endpoint table), else tsc fails. */
export function passwordField(fields: Readonly<{ Password?: string }>): string {
  const raw = fields.Password ?? '';
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

/** The request's client as the rules of `phone` see it: known or a stranger, and the key it counts under. */
export function clientFor(ctx: Pick<HandlerContext, 'db' | 'ip' | 'device'>, phone: string, now: number): ClientOfPhone {
  return clientOfPhone(ctx.db, phone, { ip: ctx.ip, device: ctx.device }, now);
}

/**
 * The client has just proven the phone (a right password or SMS code): it is known from now on, and its
 * password lock is lifted (docs/security.md "A member is never locked out by strangers").
 */
export function proven(ctx: Pick<HandlerContext, 'db' | 'ip' | 'device'>, phone: string, now: number): void {
  ctx.db.transaction(() => {
    rememberClient(ctx.db, phone, { ip: ctx.ip, device: ctx.device }, now);
    recordLoginAttempt(ctx.db, phone, ctx.ip, true, now);
    if (ctx.device) recordLoginAttempt(ctx.db, phone, deviceKey(ctx.device), true, now);
  })();
}

/**
 * A member's tokens and the device token of the browser that logged in (device-tokens.ts): its own when it
 * sent one, else a new device's. Logging in proves the phone, so the client (its address and that device)
 * is known for it from now on.
 */
export async function loggedIn(ctx: Pick<HandlerContext, 'db' | 'ip' | 'device' | 'now'>, settings: BackendSettings, member: MemberRow) {
  const device = ctx.device ?? newDevice();
  proven({ ...ctx, device }, member.phone, nowSeconds(ctx.now));
  return { ...(await issueMemberTokens(ctx.db, settings, member)), device_token: deviceToken(settings, device) };
}

/** What the limits of a request read: its client's address, its fields (a solved proof) and the backend. */
type LimitContext = Pick<HandlerContext, 'throttles' | 'settings' | 'fields' | 'now' | 'address'>;

/**
 * A site-wide ceiling, charged after the client's own limits passed (throttles.ts): a client that has proven
 * the phone is charged, never refused; a stranger who finds it spent takes the slower path (proof.ts): the
 * request passes with a solved challenge, else it is answered with one (429, Result.NeedProof). A ceiling over
 * everyone never closes a flow to a person (docs/security.md "The slower path: a proof of work").
 */
export async function siteCeiling(ctx: LimitContext, name: ThrottleName, client: Pick<ClientOfPhone, 'known'>): Promise<void> {
  if (client.known) return ctx.throttles.charge(name, 'site');
  try {
    // A browser test's spent ceiling (Dev/SpendCeiling, development aids only): met as the real one is.
    if (ctx.settings.devAids && injectedCeiling(ctx.settings, name, ctx.fields.Phone, ctx.now)) {
      throw new TooManyRequests(limitMessage(name, '1分钟'), 60);
    }
    await ctx.throttles.consume(name, 'site');
  } catch (err) {
    if (!(err instanceof TooManyRequests)) throw err;
    await slowerPath(ctx, name, err);
  }
}

/**
 * The checks of an SMS send (sms.ts checkSmsSend). Past strangers' share of the phone's day a person is not refused:
 * the phone's member hears of it once, and a solved proof of work passes (the slower path, above); a send without
 * one is answered with the challenge. Answers the input to send with (marked when it passed by a proof). Every
 * send a person starts goes through here: SendSmsVerifyCode and the consent code of 就诊人 (patients.ts), so a
 * stranger who spends a phone's share closes neither.
 */
export async function checkSmsSendOrProof(ctx: LimitContext & Pick<HandlerContext, 'db'>, input: SendInput, now: number): Promise<SendInput> {
  try {
    checkSmsSend(ctx.db, ctx.settings, now, input);
    return input;
  } catch (err) {
    if (!(err instanceof ShareSpent)) throw err;
    noticeTrip(ctx.db, input.phone, 'sms', ctx.now);
    await slowerPath(ctx, 'smsPhoneDayStrangers', err);
    const passed = { ...input, proofPassed: true };
    checkSmsSend(ctx.db, ctx.settings, now, passed);
    return passed;
  }
}

/**
 * A per-client limit (docs/security.md "Blocks of addresses"): the client's own allowance (its address, an IPv6
 * address by its /64, or its proven device) is a hard limit; then the blocks its address belongs to (an IPv4 /24,
 * an IPv6 /48 and /24, lib/limits.ts ADDRESS_BLOCKS) are counted with a larger allowance each, and a spent block
 * takes the slower path instead of refusing: many people may share a block. A known client is charged to its
 * blocks, never asked.
 */
export async function clientLimit(ctx: LimitContext, name: ThrottleName, client: Pick<ClientOfPhone, 'key' | 'known'>): Promise<void> {
  await ctx.throttles.consume(name, client.key);
  for (const block of addressBlocks(ctx.address)) {
    if (client.known) {
      await ctx.throttles.charge(name, block.key, block.factor);
      continue;
    }
    try {
      await ctx.throttles.consume(name, block.key, block.factor);
    } catch (err) {
      if (!(err instanceof TooManyRequests)) throw err;
      await slowerPath(ctx, name, err);
    }
  }
}

/** Gives back what clientLimit spent (a right password gives back its attempt). */
export async function rewardClientLimit(ctx: LimitContext, name: ThrottleName, client: Pick<ClientOfPhone, 'key'>): Promise<void> {
  await ctx.throttles.reward(name, client.key);
  for (const block of addressBlocks(ctx.address)) await ctx.throttles.reward(name, block.key, block.factor);
}

/** Whether the client has used up a per-client limit (spends nothing); a spent block asks for the proof, as clientLimit. */
export async function clientLimitSpent(ctx: LimitContext, name: ThrottleName, client: Pick<ClientOfPhone, 'key' | 'known'>): Promise<void> {
  const spent = await ctx.throttles.exhausted(name, client.key);
  if (spent) throw spent;
  if (client.known) return;
  for (const block of addressBlocks(ctx.address)) {
    const blockSpent = await ctx.throttles.exhausted(name, block.key, block.factor);
    if (blockSpent) await slowerPath(ctx, name, blockSpent);
  }
}

/**
 * The password lock, per (phone, client) with a growing delay (docs/security.md "Attacks on the
 * member system: backend"). Five wrong passwords from one client lock that client out of that phone
 * for 15 minutes; every further five double the lock (30, 60 … minutes, at most 24 hours). The lock
 * is the client's own: a stranger's guesses never lock the member, whose own client and whose SMS
 * login stay open. Failures count within LOCK_LOOKBACK_SECONDS and since the pair's last success.
 * Guessing many phones from one client, or one phone from many clients, is bounded by throttles.ts.
 */
/** The first lock (lib/limits.ts passwordLock). */
export const LOCK_WINDOW_SECONDS = limitSeconds('passwordLock');
/** Wrong passwords of one (phone, client) per lock (lib/limits.ts passwordLock). */
export const MAX_PASSWORD_FAILURES = LIMITS.passwordLock.allowance;
export const LOCK_LOOKBACK_SECONDS = 24 * 60 * 60;
const MAX_LOCK_SECONDS = 24 * 60 * 60;

/** The pair's failures since its last success (within the look-back), and the time of the last one. */
export function pairFailures(db: Database, phone: string, ip: string, now: number): { n: number; last: number | null } {
  const lastOk = db.prepare('SELECT MAX(at) AS at FROM login_attempts WHERE phone = ? AND ip = ? AND ok = 1').get(phone, ip) as {
    at: number | null;
  };
  const since = Math.max(now - LOCK_LOOKBACK_SECONDS, lastOk.at ?? 0);
  return db
    .prepare('SELECT COUNT(*) AS n, MAX(at) AS last FROM login_attempts WHERE phone = ? AND ip = ? AND ok = 0 AND at > ?')
    .get(phone, ip, since) as { n: number; last: number | null };
}

/** How long the lock after the `k`-th five wrong passwords lasts: 15 minutes, doubling each time, at most a day. */
export function lockSeconds(k: number): number {
  if (k < 1) return 0;
  return Math.min(LOCK_WINDOW_SECONDS * 2 ** Math.min(k - 1, 16), MAX_LOCK_SECONDS);
}

/**
 * The end of the (phone, client) lock (epoch seconds), or null when not locked. The k-th five
 * wrong passwords lock the pair from the fifth of them for lockSeconds(k).
 */
export function lockedUntil(db: Database, phone: string, ip: string, now: number): number | null {
  const failures = pairFailures(db, phone, ip, now);
  const k = Math.floor(failures.n / MAX_PASSWORD_FAILURES);
  if (k === 0) return null;
  const lastOk = db.prepare('SELECT MAX(at) AS at FROM login_attempts WHERE phone = ? AND ip = ? AND ok = 1').get(phone, ip) as {
    at: number | null;
  };
  const since = Math.max(now - LOCK_LOOKBACK_SECONDS, lastOk.at ?? 0);
  const fifth = db
    .prepare('SELECT at FROM login_attempts WHERE phone = ? AND ip = ? AND ok = 0 AND at > ? ORDER BY at, id LIMIT 1 OFFSET ?')
    .get(phone, ip, since, k * MAX_PASSWORD_FAILURES - 1) as { at: number } | undefined;
  if (!fifth) return null;
  const until = fifth.at + lockSeconds(k);
  return until > now ? until : null;
}

/** Tries left before the next lock of the pair. */
export function triesLeft(db: Database, phone: string, ip: string, now: number): number {
  const { n } = pairFailures(db, phone, ip, now);
  return MAX_PASSWORD_FAILURES - (n % MAX_PASSWORD_FAILURES);
}

export function lockMessage(until: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((until - now) / 60));
  return limitMessage('passwordLock', `${minutes}分钟`);
}

/** The pair's lock as a refusal (HTTP 429 with Retry-After). */
export function lockRefusal(until: number, now: number): TooManyRequests {
  return new TooManyRequests(lockMessage(until, now), until - now);
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

/**
 * An SMS code check under the throttles (docs/security.md "Per client, per phone, then the site"): first
 * the client's own limits (at most 20 failed checks in 15 minutes whatever the phone, and the per-(phone,
 * client) tries of sms.ts), then the site-wide ceiling, then the code. The caller records the proof
 * (`proven`, or `loggedIn`) once its call succeeds. Answers the client as the phone's rules saw it.
 */
export async function checkSmsCode(
  ctx: Pick<HandlerContext, 'db' | 'ip' | 'device' | 'throttles' | 'settings' | 'fields' | 'now' | 'address'>,
  phone: string,
  code: string,
  now: number,
  consume: boolean,
  /** A 就诊人 consent code (sms.ts CONSENT_PURPOSE) rather than a login or check code. */
  consent = false,
): Promise<ClientOfPhone> {
  if (!/^\d{6}$/.test(code)) throw new BackendError(ErrorNo.BAD_INPUT, '短信验证码为6位数字');
  const client = clientFor(ctx, phone, now);
  await clientLimitSpent(ctx, 'smsVerifyClient', client);
  checkSmsTries(ctx.db, phone, now, client, consent);
  await siteCeiling(ctx, 'smsVerifyGlobal', client);
  try {
    verifySmsCode(ctx.db, phone, code, now, consume, client, consent);
  } catch (err) {
    // Every check that fails counts against the client, a code that is wrong or one that is not there:
    // a client probing phones without codes must not charge the site's ceiling for ever either.
    if (err instanceof BackendError) await clientLimit(ctx, 'smsVerifyClient', client).catch(() => undefined);
    throw err;
  }
  return client;
}
