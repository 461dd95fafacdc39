/**
 * Issuing and rotating the session tokens of the embedded backend (docs/api.md):
 * access tokens are JWTs (tokens.ts); refresh tokens are random, stored as a
 * SHA-256 hash, rotated on every use, grouped in a family per login. A
 * rotated token used again revokes its whole family (theft detection).
 */
import crypto from 'node:crypto';
import { hashToken } from './passwords';
import { signAccessToken } from './tokens';
import { BackendError, ErrorNo, type BackendSettings, type Database } from './types';

/** SPEC §8 4029: at most this many rotations of one family within the window. */
export const REFRESH_WINDOW_SECONDS = 10;
export const REFRESH_MAX_IN_WINDOW = 3;
/**
 * A session (one refresh-token family, one login) ends this long after the
 * login however often it is refreshed: a stolen refresh token cannot be kept
 * alive for ever by rotating it (docs/security.md).
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface MemberRow {
  id: number;
  phone: string;
  name: string;
  vip_code: string | null;
  card_no: string | null;
  level: number;
  level_name: string;
  points: number;
  id_card: string | null;
  birthday: string | null;
  sex: number | null;
  password_hash: string | null;
  status: string;
  created_at: string;
  email: string | null;
  address: string | null;
}

/** The token's VIP claim (SPEC §3: a JSON string). */
export function vipClaim(member: MemberRow): string {
  return JSON.stringify({
    VipCode: member.vip_code ?? '',
    VipName: member.name,
    LevelID: member.level,
    LevelName: member.level_name,
    CardNo: member.card_no ?? '',
  });
}

/** Result of every call that issues tokens (SPEC §3 Result.access_token, Result.refresh_token). */
export interface TokenResult {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  /** Seconds until the access token expires. */
  expires_in: number;
  /** Seconds until the refresh token expires (0 for a visitor: no refresh token). */
  refresh_expires_in: number;
}

const nowSeconds = (settings: BackendSettings) => Math.floor(settings.now().getTime() / 1000);

export async function issueVisitorTokens(settings: BackendSettings): Promise<TokenResult> {
  const access = await signAccessToken(settings, { sub: `visitor-${crypto.randomUUID()}`, VIP: '', typ: 'visitor' });
  return {
    access_token: access,
    refresh_token: '',
    token_type: 'Bearer',
    expires_in: settings.accessTokenTtlSeconds,
    refresh_expires_in: 0,
  };
}

/** When the family's first token was issued (the login), or null for an unknown family. */
function familyStartedAt(db: Database, familyId: string): number | null {
  const row = db.prepare('SELECT MIN(issued_at) AS started FROM refresh_tokens WHERE family_id = ?').get(familyId) as
    | { started: number | null }
    | undefined;
  return row?.started ?? null;
}

/** A new refresh token of the family; it never outlives the session's absolute lifetime. */
function insertRefreshToken(
  db: Database,
  settings: BackendSettings,
  member: MemberRow,
  familyId: string,
  sessionEndsAt: number,
): { token: string; expiresAt: number } {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = nowSeconds(settings);
  const expiresAt = Math.min(now + settings.refreshTokenTtlSeconds, sessionEndsAt);
  db.prepare(
    `INSERT INTO refresh_tokens (token_hash, family_id, subject, kind, member_id, issued_at, expires_at)
     VALUES (?, ?, ?, 'member', ?, ?, ?)`,
  ).run(hashToken(token), familyId, String(member.id), member.id, now, expiresAt);
  return { token, expiresAt };
}

/** A login: a new refresh-token family (a session) and an access token for the member. */
export async function issueMemberTokens(db: Database, settings: BackendSettings, member: MemberRow): Promise<TokenResult> {
  const familyId = crypto.randomUUID();
  const refresh = insertRefreshToken(db, settings, member, familyId, nowSeconds(settings) + SESSION_MAX_AGE_SECONDS);
  return memberTokenResult(settings, member, familyId, refresh);
}

async function memberTokenResult(
  settings: BackendSettings,
  member: MemberRow,
  familyId: string,
  refresh: { token: string; expiresAt: number },
): Promise<TokenResult> {
  const access = await signAccessToken(settings, { sub: String(member.id), VIP: vipClaim(member), typ: 'member', sid: familyId });
  return {
    access_token: access,
    refresh_token: refresh.token,
    token_type: 'Bearer',
    expires_in: settings.accessTokenTtlSeconds,
    refresh_expires_in: Math.max(1, refresh.expiresAt - nowSeconds(settings)),
  };
}

/**
 * Whether the session an access token names is still open: its family exists,
 * none of its tokens was revoked (logout, ResetPwd, a replayed rotated token,
 * a disabled member) and the login is younger than SESSION_MAX_AGE_SECONDS.
 */
export function isSessionOpen(db: Database, settings: BackendSettings, familyId: string): boolean {
  const row = db
    .prepare('SELECT MIN(issued_at) AS started, COUNT(revoked_at) AS revoked FROM refresh_tokens WHERE family_id = ?')
    .get(familyId) as { started: number | null; revoked: number };
  if (row.started === null || row.revoked > 0) return false;
  return nowSeconds(settings) < row.started + SESSION_MAX_AGE_SECONDS;
}

interface RefreshRow {
  id: number;
  family_id: string;
  member_id: number | null;
  issued_at: number;
  expires_at: number;
  rotated_at: number | null;
  revoked_at: number | null;
}

const expiredRefresh = () => new BackendError(ErrorNo.REFRESH_EXPIRED, '登录已失效，请重新登录');

export function revokeFamily(db: Database, settings: BackendSettings, familyId: string) {
  db.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL').run(
    nowSeconds(settings),
    familyId,
  );
}

/**
 * GetPcTokenByURefreshToken: rotate. The checks and the rotation run in one
 * synchronous transaction, so two concurrent uses of one token cannot both win.
 */
export async function rotateRefreshToken(db: Database, settings: BackendSettings, token: string): Promise<TokenResult> {
  const now = nowSeconds(settings);
  // A throw inside the transaction rolls it back, so refusals that must stick
  // (revoking a family) are returned as outcomes and thrown after the commit.
  type Outcome =
    | { ok: true; member: MemberRow; familyId: string; refresh: { token: string; expiresAt: number } }
    | { ok: false; error: BackendError };
  const rotate = db.transaction((): Outcome => {
    const row = db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = ?').get(hashToken(token)) as RefreshRow | undefined;
    if (!row || row.revoked_at !== null || row.expires_at <= now || row.member_id === null) {
      return { ok: false, error: expiredRefresh() };
    }
    const startedAt = familyStartedAt(db, row.family_id) ?? row.issued_at;
    if (now >= startedAt + SESSION_MAX_AGE_SECONDS) {
      // The session's absolute lifetime is over, however recently it was refreshed.
      revokeFamily(db, settings, row.family_id);
      return { ok: false, error: expiredRefresh() };
    }
    if (row.rotated_at !== null) {
      // A replayed rotated token: someone else holds the family. Revoke it all (docs/api.md).
      revokeFamily(db, settings, row.family_id);
      return { ok: false, error: expiredRefresh() };
    }
    const recent = db
      .prepare('SELECT COUNT(*) AS n FROM refresh_tokens WHERE family_id = ? AND rotated_at IS NOT NULL AND rotated_at > ?')
      .get(row.family_id, now - REFRESH_WINDOW_SECONDS) as { n: number };
    if (recent.n >= REFRESH_MAX_IN_WINDOW) {
      return { ok: false, error: new BackendError(ErrorNo.TOO_FAST, '刷新过于频繁，请稍后再试') };
    }
    const member = db.prepare('SELECT * FROM members WHERE id = ?').get(row.member_id) as MemberRow | undefined;
    if (!member || member.status !== 'active' || !member.vip_code) {
      revokeFamily(db, settings, row.family_id);
      return { ok: false, error: expiredRefresh() };
    }
    db.prepare('UPDATE refresh_tokens SET rotated_at = ? WHERE id = ?').run(now, row.id);
    const refresh = insertRefreshToken(db, settings, member, row.family_id, startedAt + SESSION_MAX_AGE_SECONDS);
    return { ok: true, member, familyId: row.family_id, refresh };
  });
  const outcome = rotate.immediate();
  if (!outcome.ok) throw outcome.error;
  const { member, familyId, refresh } = outcome;
  return memberTokenResult(settings, member, familyId, refresh);
}

/** OutLogin: the token's family is revoked. Unknown or already revoked tokens are refused. */
export function revokeRefreshToken(db: Database, settings: BackendSettings, token: string): boolean {
  const row = db.prepare('SELECT family_id, revoked_at FROM refresh_tokens WHERE token_hash = ?').get(hashToken(token)) as
    | { family_id: string; revoked_at: number | null }
    | undefined;
  if (!row || row.revoked_at !== null) return false;
  revokeFamily(db, settings, row.family_id);
  return true;
}
