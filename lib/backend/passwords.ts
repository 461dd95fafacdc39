/**
 * Password hashing with scrypt from node:crypto (docs/api.md). Stored as
 * `scrypt$N$r$p$salt$hash` (base64url), compared in constant time.
 */
import crypto from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export function verifyPassword(password: string, stored: string | null | undefined): boolean {
  if (!stored) return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const actual = crypto.scryptSync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

let decoy: string | undefined;

/**
 * Checks a password against a member's stored hash, or against a decoy hash when there is no member
 * (or no password): an unknown phone costs the same scrypt work as a known one, so the time of the
 * answer does not tell a stranger which phones are members.
 */
export function verifyPasswordOrDecoy(password: string, stored: string | null | undefined): boolean {
  decoy ??= hashPassword(crypto.randomBytes(12).toString('base64url'));
  const matched = verifyPassword(password, stored || decoy);
  return Boolean(stored) && matched;
}

/** SHA-256 of a secret token, for storage (refresh tokens are never stored in clear). */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}
