/**
 * SMS verification codes without a gateway (issue 3): a random 6-digit code
 * goes to the sms_outbox table (and the server log in development). Codes
 * expire after 5 minutes and allow 5 wrong tries; sends are limited to one a
 * minute and ten a day per phone, and per IP. Numeric image codes
 * (RndVcodeNum) are asked first when one IP sends a lot.
 */
import crypto from 'node:crypto';
import { BackendError, ErrorNo, type BackendSettings, type Database } from './types';

export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_MAX_WRONG = 5;
export const SMS_MAX_PER_DAY = 10;
export const IMAGE_CODE_TTL_SECONDS = 5 * 60;

export const SMS_PURPOSES = ['login', 'register', 'reset', 'activate', 'check'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

const refused = (message: string, result: unknown = null) => new BackendError(ErrorNo.REFUSED, message, result);

/** Start of the current day in China time (UTC+8), epoch seconds. */
function startOfChinaDay(now: number): number {
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
  ip: string;
  imageKey: string;
  imageCode: string;
}

export function sendSmsCode(db: Database, settings: BackendSettings, now: number, input: SendInput) {
  const { phone, ip } = input;
  const last = db.prepare('SELECT MAX(created_at) AS at FROM sms_outbox WHERE phone = ?').get(phone) as { at: number | null };
  if (last.at !== null && now - last.at < settings.smsMinIntervalSeconds) {
    const wait = settings.smsMinIntervalSeconds - (now - last.at);
    throw refused(`验证码发送过于频繁，请${wait}秒后再试`, { RetryAfter: wait });
  }
  const today = db
    .prepare('SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = ? AND created_at >= ?')
    .get(phone, startOfChinaDay(now)) as { n: number };
  if (today.n >= SMS_MAX_PER_DAY) throw refused('该手机号今日获取验证码次数已达上限，请明天再试');
  const ipHour = db
    .prepare('SELECT COUNT(*) AS n FROM sms_outbox WHERE ip = ? AND created_at > ?')
    .get(ip, now - 3600) as { n: number };
  if (ipHour.n >= settings.smsIpLimitPerHour) throw refused('当前网络获取验证码过于频繁，请稍后再试');
  const ipRecent = db
    .prepare('SELECT COUNT(*) AS n FROM sms_outbox WHERE ip = ? AND created_at > ?')
    .get(ip, now - 600) as { n: number };
  if (ipRecent.n >= settings.smsImageCodeAfter) {
    // issue 6: where the API asks for it, the numeric image code comes first.
    if (!input.imageKey || !input.imageCode) throw refused('请先输入图形验证码', { NeedImgCode: true });
    if (!consumeImageCode(db, input.imageKey, input.imageCode, now)) {
      throw refused('图形验证码错误或已过期，请重新输入', { NeedImgCode: true });
    }
  }
  const code = randomDigits(6);
  db.prepare(
    'INSERT INTO sms_outbox (phone, code, purpose, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(phone, code, input.purpose, ip, now, now + SMS_CODE_TTL_SECONDS);
  if (settings.devAids) settings.log(`SMS to ${phone} (${input.purpose}): ${code}`);
  return { ExpiresIn: SMS_CODE_TTL_SECONDS, ResendAfter: settings.smsMinIntervalSeconds };
}

interface OutboxRow {
  id: number;
  code: string;
  expires_at: number;
  failed_attempts: number;
}

/**
 * Checks the phone's latest unused code. A wrong code counts towards the 5
 * tries (and is committed even if the caller later fails). `consume` marks a
 * right code used, so it cannot log in twice.
 */
export function verifySmsCode(db: Database, phone: string, code: string, now: number, consume: boolean): void {
  if (!/^\d{6}$/.test(code)) throw new BackendError(ErrorNo.BAD_INPUT, '短信验证码为6位数字');
  const row = db
    .prepare('SELECT id, code, expires_at, failed_attempts FROM sms_outbox WHERE phone = ? AND used_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1')
    .get(phone) as OutboxRow | undefined;
  if (!row) throw refused('请先获取短信验证码');
  if (row.expires_at <= now) throw refused('验证码已过期，请重新获取');
  if (row.failed_attempts >= SMS_MAX_WRONG) throw refused('验证码错误次数过多，请重新获取');
  const same = row.code.length === code.length && crypto.timingSafeEqual(Buffer.from(row.code), Buffer.from(code));
  if (!same) {
    db.prepare('UPDATE sms_outbox SET failed_attempts = failed_attempts + 1 WHERE id = ?').run(row.id);
    const left = SMS_MAX_WRONG - row.failed_attempts - 1;
    throw refused(left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
  if (consume) db.prepare('UPDATE sms_outbox SET used_at = ? WHERE id = ?').run(now, row.id);
}

/** RndVcodeNum: a 4-digit code drawn as an SVG; the answer stays on the server. */
export function createImageCode(db: Database, now: number) {
  const key = crypto.randomUUID();
  const code = randomDigits(4);
  db.prepare('DELETE FROM image_codes WHERE expires_at < ?').run(now);
  db.prepare('INSERT INTO image_codes (id, code, expires_at) VALUES (?, ?, ?)').run(key, code, now + IMAGE_CODE_TTL_SECONDS);
  const digits = [...code]
    .map((d, i) => {
      const rotate = crypto.randomInt(-20, 21);
      const y = 28 + crypto.randomInt(-4, 5);
      return `<text x="${14 + i * 22}" y="${y}" transform="rotate(${rotate} ${14 + i * 22} ${y})" font-size="24" font-family="monospace" font-weight="bold" fill="#862f23">${d}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 4 }, () => {
    const c = () => crypto.randomInt(0, 100);
    return `<line x1="${c()}" y1="${crypto.randomInt(0, 40)}" x2="${c()}" y2="${crypto.randomInt(0, 40)}" stroke="#c9a45c" stroke-width="1"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" viewBox="0 0 100 40"><rect width="100" height="40" fill="#f7f1e8"/>${lines}${digits}</svg>`;
  return {
    Key: key,
    Image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    ExpiresIn: IMAGE_CODE_TTL_SECONDS,
  };
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
