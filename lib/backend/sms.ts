/**
 * SMS verification codes without a gateway (docs/api.md): a random 6-digit code
 * goes to the sms_outbox table (and the server log in development). Codes
 * expire after 5 minutes. Numeric image codes (RndVcodeNum) are asked first
 * when one client sends a lot.
 *
 * Quotas are counted per requesting client as well as per phone, so a
 * stranger cannot spend a member's codes or tries (docs/security.md "A member
 * is never locked out by strangers"). Their numbers and messages are the
 * `outbox` rows of the one table of limits (lib/limits.ts, docs/security.md
 * "The limits"): sends per (phone, client) a minute and a day, per phone a day
 * and strangers' share of it (the rest is kept for clients that have proven the
 * phone before, known-clients.ts), per client an hour, the image code after a
 * few sends; wrong tries of a phone's live codes per client, and strangers'
 * wrong tries of one code, which close it to strangers only, never to the
 * client that asked for it or one that proved the phone before; and a newer
 * code sent at a stranger's request does not void the member's own unexpired
 * code. The minute, the hour and the image code's threshold can be changed
 * per deployment (SMS_MIN_INTERVAL_SECONDS, SMS_IP_LIMIT_PER_HOUR,
 * SMS_IMAGE_CODE_AFTER, read by settings.ts with the table's defaults).
 *
 * A client here is the per-client key of known-clients.ts (its address, or its
 * device once that device has proven the phone). The checks only read; the
 * caller charges the site-wide ceiling between the checks and the send
 * (throttles.ts), so a refused request never spends the site's allowance.
 */
import crypto from 'node:crypto';
import { LIMITS, limitMessage, limitSeconds, SMS_CODE_TTL_SECONDS } from '@/lib/limits';
import { drawImageCode } from './image-code';
import { speakImageCode } from './image-code-audio';
import type { ClientOfPhone } from './known-clients';
import { BackendError, ErrorNo, TooManyRequests, type BackendSettings, type Database } from './types';
import type { WireImageCode, WireSmsSent } from '@/lib/contract';

const { smsWrongPerClient, smsWrongPerCode, smsPhoneDay, smsPhoneDayStrangers, smsPhoneDayProof, smsPhoneClientDay } = LIMITS;
/** How many of a phone's latest unexpired codes are accepted. */
const LIVE_CODES = 5;
export const IMAGE_CODE_TTL_SECONDS = 5 * 60;

export const SMS_PURPOSES = ['login', 'register', 'reset', 'activate', 'check'] as const;
/**
 * A person's consent to be added as another account's 就诊人 (patients.ts): sent by AddPatient, never by
 * SendSmsVerifyCode, and kept apart from the other codes both ways: a consent code never logs anyone in, and
 * a login code is never consent.
 */
export const CONSENT_PURPOSE = 'consent';
export type SmsPurpose = (typeof SMS_PURPOSES)[number] | typeof CONSENT_PURPOSE;

const refused = (message: string, result: unknown = null) => new BackendError(ErrorNo.REFUSED, message, result);

/** Start of the current day in China time (UTC+8), epoch seconds. */
export function startOfChinaDay(now: number): number {
  const offset = 8 * 3600;
  return Math.floor((now + offset) / 86400) * 86400 - offset;
}

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(crypto.randomInt(0, 10));
  return out;
}

export interface SendInput {
  phone: string;
  purpose: SmsPurpose;
  /** The requesting client as the phone's rules see it (known-clients.ts). */
  client: ClientOfPhone;
  imageKey: string;
  imageCode: string;
  /** The requester's block of addresses (client-address.ts addressBlocks: its /24 or /48), for sends past strangers' share. */
  block: string;
  /** The request carried a solved proof of work that passed (proof.ts): it may take a send past strangers' share. */
  proofPassed?: boolean;
}

/**
 * Strangers' share of the phone's day is spent, but a solved proof of work would pass (lib/limits.ts
 * smsPhoneDayProof): the caller takes the slower path (proof.ts) and checks again with `proofPassed`.
 */
export class ShareSpent extends TooManyRequests {}

const count = (db: Database, sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n;

/**
 * The per-phone and per-client quotas of a send: throws the refusal, writes nothing. Answers whether the send is
 * one past strangers' share (made after a proof of work, recorded with the requester's block).
 */
function checkQuotas(db: Database, settings: BackendSettings, now: number, input: SendInput): { pastShare: boolean } {
  const { phone } = input;
  const key = input.client.key;
  // The minute between sends is per (phone, client): a stranger's sends do not hold up the member's.
  const last = db.prepare('SELECT MAX(created_at) AS at FROM sms_outbox WHERE phone = ? AND ip = ?').get(phone, key) as { at: number | null };
  if (last.at !== null && now - last.at < settings.smsMinIntervalSeconds) {
    const wait = settings.smsMinIntervalSeconds - (now - last.at);
    throw new TooManyRequests(limitMessage('smsInterval', `${wait}秒`), wait);
  }
  const dayStart = startOfChinaDay(now);
  const untilTomorrow = dayStart + 86_400 - now;
  const scale = settings.rateLimitScale;
  const byClient = count(db, 'SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = ? AND ip = ? AND created_at >= ?', phone, key, dayStart);
  const today = count(db, 'SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = ? AND created_at >= ?', phone, dayStart);
  // Sends past strangers' share, each after a proof: never counted against the known clients' reserve.
  const proofSends = count(db, 'SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = ? AND proof_block IS NOT NULL AND created_at >= ?', phone, dayStart);
  if (byClient >= smsPhoneClientDay.allowance * scale) throw new TooManyRequests(limitMessage('smsPhoneClientDay'), untilTomorrow);
  let pastShare = false;
  if (input.client.known) {
    // Strangers together stop short of the phone's day: the rest is kept for the member's own clients.
    if (today - proofSends >= smsPhoneDay.allowance * scale) throw new TooManyRequests(limitMessage('smsPhoneDay'), untilTomorrow);
  } else if (today - proofSends >= smsPhoneDayStrangers.allowance * scale) {
    // Past strangers' share a person on a new device still gets a code: after a proof of work, one per block a day.
    const fromBlock = count(db, 'SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = ? AND proof_block = ? AND created_at >= ?', phone, input.block, dayStart);
    if (proofSends >= smsPhoneDayProof.allowance * scale || fromBlock > 0) throw new TooManyRequests(limitMessage('smsPhoneDayProof'), untilTomorrow);
    if (!input.proofPassed) {
      const refusal = new ShareSpent(limitMessage('smsPhoneDayStrangers'), untilTomorrow);
      // Each such send makes the next one's proof harder (proof.ts proofMaxNumber).
      refusal.pressure = 1 + proofSends;
      throw refusal;
    }
    pastShare = true;
  }
  const hourWindow = limitSeconds('smsClientHour');
  const hour = count(db, 'SELECT COUNT(*) AS n FROM sms_outbox WHERE ip = ? AND created_at > ?', key, now - hourWindow);
  if (hour >= settings.smsIpLimitPerHour) {
    const first = db.prepare('SELECT MIN(created_at) AS at FROM sms_outbox WHERE ip = ? AND created_at > ?').get(key, now - hourWindow) as { at: number };
    throw new TooManyRequests(limitMessage('smsClientHour'), first.at + hourWindow - now);
  }
  return { pastShare };
}

/**
 * The checks of a send, before the site-wide ceiling is charged: the quotas, then the image code that a
 * client sending a lot must answer (spent here, right or wrong). Throws the refusal.
 */
export function checkSmsSend(db: Database, settings: BackendSettings, now: number, input: SendInput): void {
  checkQuotas(db, settings, now, input);
  const recent = count(db, 'SELECT COUNT(*) AS n FROM sms_outbox WHERE ip = ? AND created_at > ?', input.client.key, now - limitSeconds('smsImageCodeAfter'));
  if (recent >= settings.smsImageCodeAfter) {
    // SPEC §4: where the API asks for it, the numeric image code comes first.
    if (!input.imageKey || !input.imageCode) throw refused(limitMessage('smsImageCodeAfter'), { NeedImgCode: true });
    if (!consumeImageCode(db, input.imageKey, input.imageCode, now)) {
      throw refused('图形验证码错误或已过期，请重新输入', { NeedImgCode: true });
    }
  }
}

/**
 * Sends the code, after checkSmsSend and the site-wide ceiling. The quotas are checked again in the same
 * synchronous step as the insert: sends that were checked together cannot all pass.
 */
export function sendSmsCode(db: Database, settings: BackendSettings, now: number, input: SendInput): WireSmsSent {
  const code = randomDigits(6);
  db.transaction(() => {
    const { pastShare } = checkQuotas(db, settings, now, input);
    db.prepare(
      'INSERT INTO sms_outbox (phone, code, purpose, ip, created_at, expires_at, proof_block) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(input.phone, code, input.purpose, input.client.key, now, now + SMS_CODE_TTL_SECONDS, pastShare ? input.block : null);
  })();
  if (settings.devAids) settings.log(`SMS to ${input.phone} (${input.purpose}): ${code}`);
  return { ExpiresIn: SMS_CODE_TTL_SECONDS, ResendAfter: settings.smsMinIntervalSeconds };
}

interface OutboxRow {
  id: number;
  code: string;
  ip: string;
  expires_at: number;
  failed_attempts: number;
}

/** A refusal for a wrong SMS code (the caller counts it against the client's throttle). */
export class WrongSmsCode extends BackendError {}

/** The kind of code a check reads: consent codes (CONSENT_PURPOSE) or every other. */
const KIND = `(purpose = '${CONSENT_PURPOSE}') = ?`;

const liveCodes = (db: Database, phone: string, now: number, consent = false) =>
  db
    .prepare(
      `SELECT id, code, ip, expires_at, failed_attempts FROM sms_outbox
       WHERE phone = ? AND used_at IS NULL AND expires_at > ? AND ${KIND} ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(phone, now, consent ? 1 : 0, LIVE_CODES) as OutboxRow[];

/** This client's wrong tries of the phone's live codes. */
function triesUsed(db: Database, live: OutboxRow[], key: string): number {
  if (live.length === 0) return 0;
  const ids = live.map((row) => row.id);
  return (
    db
      .prepare(`SELECT COALESCE(SUM(failures), 0) AS n FROM sms_code_failures WHERE ip = ? AND outbox_id IN (${ids.map(() => '?').join(',')})`)
      .get(key, ...ids) as { n: number }
  ).n;
}

/** Before the site-wide ceiling: refuses a client with no tries left on the phone's live codes (reads only). */
export function checkSmsTries(db: Database, phone: string, now: number, client: ClientOfPhone, consent = false): void {
  if (triesUsed(db, liveCodes(db, phone, now, consent), client.key) >= smsWrongPerClient.allowance) throw refused(limitMessage('smsWrongPerClient'));
}

/**
 * Checks a code against the phone's live codes (unused, unexpired, the latest few). A wrong code counts
 * against this client's tries of the phone (lib/limits.ts smsWrongPerClient) and is committed even if the caller later fails.
 * Strangers' wrong tries also count against the newest code's total, and a code with smsWrongPerCode of
 * them is closed to strangers; the client that asked for the code, and any client that has proven the phone
 * before, can still use it (docs/security.md "A member is never locked out by strangers").
 * `consume` marks a right code used, so it cannot log in twice.
 */
export function verifySmsCode(db: Database, phone: string, code: string, now: number, consume: boolean, client: ClientOfPhone, consent = false): void {
  if (!/^\d{6}$/.test(code)) throw new BackendError(ErrorNo.BAD_INPUT, '短信验证码为6位数字');
  const live = liveCodes(db, phone, now, consent);
  if (live.length === 0) {
    const any = db.prepare(`SELECT 1 FROM sms_outbox WHERE phone = ? AND used_at IS NULL AND ${KIND} LIMIT 1`).get(phone, consent ? 1 : 0);
    throw refused(any ? '验证码已过期，请重新获取' : '请先获取短信验证码');
  }
  const mine = triesUsed(db, live, client.key);
  if (mine >= smsWrongPerClient.allowance) throw refused(limitMessage('smsWrongPerClient'));
  const ownerSide = (row: OutboxRow) => client.known || row.ip === client.key;
  const usable = live.filter((row) => ownerSide(row) || row.failed_attempts < smsWrongPerCode.allowance);
  if (usable.length === 0) throw refused(limitMessage('smsWrongPerCode'));
  const given = Buffer.from(code);
  const match = usable.find((row) => row.code.length === code.length && crypto.timingSafeEqual(Buffer.from(row.code), given));
  if (!match) {
    const newest = usable[0]!;
    db.transaction(() => {
      // Only a stranger's wrong try counts against the code itself.
      if (!ownerSide(newest)) db.prepare('UPDATE sms_outbox SET failed_attempts = failed_attempts + 1 WHERE id = ?').run(newest.id);
      db.prepare(
        `INSERT INTO sms_code_failures (outbox_id, ip, failures) VALUES (?, ?, 1)
         ON CONFLICT (outbox_id, ip) DO UPDATE SET failures = failures + 1`,
      ).run(newest.id, client.key);
    })();
    const left = smsWrongPerClient.allowance - mine - 1;
    throw new WrongSmsCode(ErrorNo.REFUSED, left > 0 ? `验证码错误，还可尝试${left}次` : limitMessage('smsWrongPerClient'));
  }
  // A spent code ends the phone's other live codes too: nothing is left to guess.
  if (consume) db.prepare(`UPDATE sms_outbox SET used_at = ? WHERE phone = ? AND used_at IS NULL AND ${KIND}`).run(now, phone, consent ? 1 : 0);
}

/**
 * RndVcodeNum: a 4-digit code drawn as distorted glyph outlines (`<path>`, never `<text>`) with noise
 * curves and colours, each outline redrawn so that its path commands say nothing of the digit
 * (image-code.ts); the answer stays on the server.
 */
export function createImageCode(db: Database, now: number): WireImageCode {
  const key = crypto.randomUUID();
  const code = randomDigits(4);
  db.prepare('DELETE FROM image_codes WHERE expires_at < ?').run(now);
  db.prepare('INSERT INTO image_codes (id, code, expires_at) VALUES (?, ?, ?)').run(key, code, now + IMAGE_CODE_TTL_SECONDS);
  const svg = drawImageCode(code);
  return {
    Key: key,
    Image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    ExpiresIn: IMAGE_CODE_TTL_SECONDS,
  };
}

/**
 * RndVcodeAudio: the live image code of `key`, spoken (image-code-audio.ts), as a data: URI of a WAV file.
 * Null when there is no such code, it has expired or it has been spent: the audio lives exactly as long as the
 * picture, and hearing it spends nothing.
 */
export function imageCodeAudio(db: Database, key: string, now: number): string | null {
  const row = db.prepare('SELECT code, expires_at, used_at FROM image_codes WHERE id = ?').get(key) as
    | { code: string; expires_at: number; used_at: number | null }
    | undefined;
  if (!row || row.used_at !== null || row.expires_at <= now) return null;
  return `data:audio/wav;base64,${speakImageCode(row.code).toString('base64')}`;
}

/** Single use: a right or wrong answer both spend the image code. */
export function consumeImageCode(db: Database, key: string, code: string, now: number): boolean {
  const row = db.prepare('SELECT code, expires_at, used_at FROM image_codes WHERE id = ?').get(key) as
    | { code: string; expires_at: number; used_at: number | null }
    | undefined;
  if (!row || row.used_at !== null || row.expires_at <= now) return false;
  db.prepare('UPDATE image_codes SET used_at = ? WHERE id = ?').run(now, key);
  return row.code === code;
}

/** For tests and the dev outbox endpoint: the latest code sent to a phone. */
export function latestSmsCode(db: Database, phone: string) {
  return db
    .prepare('SELECT phone AS Phone, code AS Code, purpose AS Purpose, created_at AS CreateTime, expires_at AS ExpireTime FROM sms_outbox WHERE phone = ? ORDER BY created_at DESC, id DESC LIMIT 1')
    .get(phone) as { Phone: string; Code: string; Purpose: string; CreateTime: number; ExpireTime: number } | undefined;
}

/** For tests: the image code's answer. */
export function imageCodeAnswer(db: Database, key: string): string | undefined {
  return (db.prepare('SELECT code FROM image_codes WHERE id = ?').get(key) as { code: string } | undefined)?.code;
}
