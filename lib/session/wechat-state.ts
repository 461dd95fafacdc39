import 'server-only';
/**
 * WeChat login CSRF (docs/security.md "Attacks on the member system"): before
 * the redirect to WeChat (or to the development authorize step) a random
 * `state` goes into an httpOnly cookie and into the authorize URL; WeChat
 * sends it back with the code. A code arriving without the state this browser
 * was given (a link someone else crafted) is refused, so nobody can log a
 * visitor into the attacker's account with a link.
 */
import crypto from 'node:crypto';
import { cookies } from 'next/headers';
import { cookieOptions, type CookieWriter } from './cookies';

export const WECHAT_STATE_COOKIE = 'wechatState';
/** Time to scan the QR code and come back. */
const WECHAT_STATE_SECONDS = 10 * 60;

export function newWechatState(): string {
  return crypto.randomBytes(18).toString('base64url');
}

export function writeWechatState(jar: CookieWriter, state: string) {
  jar.set(WECHAT_STATE_COOKIE, state, cookieOptions(WECHAT_STATE_SECONDS));
}

/** Whether `state` is the one this browser was given; constant-time on equal lengths. */
export function wechatStateMatches(expected: string | null | undefined, received: unknown): boolean {
  if (!expected || typeof received !== 'string' || !received) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * For the WeChat login action: checks the returned state against the cookie
 * and spends the cookie (one code, one state), whatever the outcome.
 */
export async function takeWechatState(received: unknown): Promise<boolean> {
  const jar = await cookies();
  const expected = jar.get(WECHAT_STATE_COOKIE)?.value;
  try {
    jar.delete(WECHAT_STATE_COOKIE);
  } catch {
    /* read-only outside actions and route handlers */
  }
  return wechatStateMatches(expected, received);
}
