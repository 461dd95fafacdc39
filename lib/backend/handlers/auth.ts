/**
 * AuthenticationCenter (SPEC §7 Auth): visitor tokens, the logins, refresh
 * with rotation, logout, SMS codes, image codes and location by IP.
 * Every login answers Result {access_token, refresh_token, token_type,
 * expires_in, refresh_expires_in} (session-tokens.ts TokenResult).
 */
import { verifyPassword } from '../passwords';
import { requiredString } from '../fields';
import {
  issueMemberTokens,
  issueVisitorTokens,
  revokeRefreshToken,
  rotateRefreshToken,
} from '../session-tokens';
import { BackendError, ErrorNo, type EndpointMap } from '../types';
import {
  isLoginable,
  lockMessage,
  lockedUntil,
  MAX_PASSWORD_FAILURES,
  memberByPhone,
  nowSeconds,
  phoneField,
  recordLoginAttempt,
} from './auth-support';

const refreshTokenField = (fields: Record<string, string>) =>
  requiredString(fields, 'refresh_token', '刷新令牌', 512);

export const authEndpoints: EndpointMap = {
  'AuthenticationCenter/GetVisitorToken': {
    access: 'public',
    ignoresToken: true,
    handle: ({ settings }) => issueVisitorTokens(settings),
  },

  'AuthenticationCenter/GetPcTokenByURefreshToken': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: ({ db, settings, fields }) => rotateRefreshToken(db, settings, refreshTokenField(fields)),
  },

  'AuthenticationCenter/PcPwdLogin': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async ({ db, settings, fields, ip, now: date }) => {
      const phone = phoneField(fields);
      const raw = requiredString(fields, 'Password', '密码', 64);
      const now = nowSeconds(date);
      const until = lockedUntil(db, phone, now);
      if (until !== null) throw new BackendError(ErrorNo.REFUSED, lockMessage(until, now));
      const member = memberByPhone(db, phone);
      if (!isLoginable(member) || !verifyPassword(raw, member.password_hash)) {
        recordLoginAttempt(db, phone, ip, false, now);
        const lockedNow = lockedUntil(db, phone, now);
        if (lockedNow !== null) throw new BackendError(ErrorNo.REFUSED, lockMessage(lockedNow, now));
        const failures = db
          .prepare('SELECT COUNT(*) AS n FROM login_attempts WHERE phone = ? AND ok = 0 AND at > ? AND at > COALESCE((SELECT MAX(at) FROM login_attempts WHERE phone = ? AND ok = 1), 0)')
          .get(phone, now - 15 * 60, phone) as { n: number };
        const left = MAX_PASSWORD_FAILURES - failures.n;
        throw new BackendError(ErrorNo.REFUSED, `手机号或密码错误，还可尝试${left}次`);
      }
      recordLoginAttempt(db, phone, ip, true, now);
      return issueMemberTokens(db, settings, member);
    },
  },

  'AuthenticationCenter/OutLogin': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: ({ db, settings, fields }) => {
      if (!revokeRefreshToken(db, settings, refreshTokenField(fields))) {
        throw new BackendError(ErrorNo.REFUSED, '登录信息已失效');
      }
      return { Success: true };
    },
  },
};
