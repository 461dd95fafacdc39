/**
 * AuthenticationCenter (SPEC §7 Auth): visitor tokens, the logins, refresh
 * with rotation, logout, SMS codes, image codes and location by IP.
 * Every login answers Result {access_token, refresh_token, token_type,
 * expires_in, refresh_expires_in} (session-tokens.ts TokenResult).
 */
import { verifyPasswordOrDecoy } from '../passwords';
import { optionalEnum, optionalString, requiredString } from '../fields';
import { addressBlocks } from '@/lib/security/client-address';
import { createImageCode, imageCodeAudio, sendSmsCode, SMS_PURPOSES, type SendInput } from '../sms';
import { chargeNewNumber, isNewNumber, noticeTrip } from '../sms-alerts';
import {
  issueVisitorTokens,
  revokeRefreshToken,
  rotateRefreshToken,
} from '../session-tokens';
import { BackendError, ErrorNo, type EndpointMap } from '../types';
import {
  cardsOfPhone,
  checkSmsCode,
  checkSmsSendOrProof,
  clientFor,
  clientLimit,
  isLoginable,
  loggedIn,
  lockRefusal,
  lockedUntil,
  memberById,
  memberByPhone,
  nowSeconds,
  passwordField,
  phoneField,
  proven,
  recordLoginAttempt,
  rewardClientLimit,
  siteCeiling,
  triesLeft,
} from './auth-support';

/** Loopback and private networks resolve to the group's home city (docs/api.md: a fixed 昆明). */
const KUNMING = { ProvinceID: 215, ProvinceName: '云南省', CityName: '昆明市', Lat: 25.0406, Lng: 102.7123 };

function isLocalIp(ip: string): boolean {
  return (
    ip === '::1' ||
    ip === 'localhost' ||
    /^127\./.test(ip) ||
    /^10\./.test(ip) ||
    /^192\.168\./.test(ip) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(ip) ||
    /^::ffff:127\./.test(ip)
  );
}

const smsCodeField = (fields: Readonly<{ Code?: string }>) => requiredString(fields, 'Code', '短信验证码', 16);

const refreshTokenField = (fields: Readonly<{ refresh_token?: string }>) =>
  requiredString(fields, 'refresh_token', '刷新令牌', 512);

export const authEndpoints = {
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

  /**
   * Password login, limited (docs/security.md "Per client, per phone, then the site"), in this order: the
   * (phone, client) lock of auth-support.ts; per client, 20 wrong passwords in 15 minutes whatever the
   * phone; per phone, 30 wrong passwords an hour from strangers (a client that has proven the phone before
   * is not counted there, and not refused: known-clients.ts); only then the site-wide ceiling.
   * A known and an unknown phone cost the same hashing and get the same answer.
   */
  'AuthenticationCenter/PcPwdLogin': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async (ctx) => {
      const { db, settings, fields, throttles } = ctx;
      const phone = phoneField(fields);
      // A password outside the SPEC §5 rules is nobody's password: refused as bad input, not counted as an attempt (docs/security.md).
      const raw = passwordField(fields);
      const now = nowSeconds(ctx.now);
      const client = clientFor(ctx, phone, now);
      const until = lockedUntil(db, phone, client.key, now);
      if (until !== null) throw lockRefusal(until, now);
      // Spent before the check and given back on success, so concurrent guesses cannot all slip through.
      await clientLimit(ctx, 'loginClient', client);
      if (!client.known) {
        const phoneSpent = await throttles.exhausted('loginPhone', phone);
        if (phoneSpent) throw phoneSpent;
      }
      await siteCeiling(ctx, 'loginGlobal', client);
      const member = memberByPhone(db, phone);
      const loginable = isLoginable(member);
      if (!verifyPasswordOrDecoy(raw, loginable ? member.password_hash : null) || !loginable) {
        recordLoginAttempt(db, phone, client.key, false, now);
        // The phone's ceiling counts strangers' guesses only: the member's own wrong passwords never close it.
        // The guess that trips it sends the member one notice: a code still logs them in, anywhere.
        if (!client.known) {
          await throttles.consume('loginPhone', phone).catch(() => undefined);
          if (await throttles.exhausted('loginPhone', phone)) noticeTrip(db, phone, 'password', ctx.now);
        }
        const lockedNow = lockedUntil(db, phone, client.key, now);
        if (lockedNow !== null) throw lockRefusal(lockedNow, now);
        throw new BackendError(ErrorNo.REFUSED, `手机号或密码错误，还可尝试${triesLeft(db, phone, client.key, now)}次`);
      }
      await rewardClientLimit(ctx, 'loginClient', client);
      return loggedIn(ctx, settings, member);
    },
  },

  /**
   * An SMS code, limited in this order: the client's own limits (and its blocks'), the phone's quotas (sms.ts),
   * the site-wide ceiling, then the budget of SMS to numbers never seen (sms-alerts.ts). Past strangers' share of
   * the phone's day, past the site's ceiling or past the budget a stranger is not refused: a solved proof of work
   * passes (proof.ts). A member whose phone strangers tripped gets one SMS notice.
   */
  'AuthenticationCenter/SendSmsVerifyCode': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async (ctx) => {
      const { db, settings, fields } = ctx;
      const phone = phoneField(fields);
      const now = nowSeconds(ctx.now);
      const client = clientFor(ctx, phone, now);
      const input: SendInput = {
        phone,
        purpose: optionalEnum(fields, 'Type', SMS_PURPOSES, '验证码用途') || 'login',
        client,
        imageKey: optionalString(fields, 'ImgKey', '图形验证码标识', 64),
        imageCode: optionalString(fields, 'ImgCode', '图形验证码', 8),
        block: addressBlocks(ctx.address)[0]?.key ?? ctx.ip,
      };
      await clientLimit(ctx, 'smsSendClient', client);
      const checkedInput = await checkSmsSendOrProof(ctx, input, now);
      await siteCeiling(ctx, 'smsSendGlobal', client);
      if (!client.known && isNewNumber(db, phone)) await chargeNewNumber(ctx);
      return sendSmsCode(db, settings, now, checkedInput);
    },
  },

  /** Checks a code without spending it (find password step 1; ResetPwd spends it). */
  'AuthenticationCenter/VerifyPhoneCode': {
    access: 'public',
    ignoresToken: true,
    handle: async (ctx) => {
      const phone = phoneField(ctx.fields);
      const now = nowSeconds(ctx.now);
      await checkSmsCode(ctx, phone, smsCodeField(ctx.fields), now, false);
      // The phone is proven: this client passes its password lock from now on (known-clients.ts).
      proven(ctx, phone, now);
      return { Phone: phone, Verified: true };
    },
  },

  'AuthenticationCenter/RndVcodeNum': {
    access: 'public',
    write: true,
    ignoresToken: true,
    // Each answer is a row: at most 20 codes per client in 10 minutes (throttles.ts imageCodeClient).
    handle: async ({ db, ip, throttles, now }) => {
      await throttles.consume('imageCodeClient', ip);
      return createImageCode(db, nowSeconds(now));
    },
  },

  /** The live image code of Key, spoken (docs/elder-mode.md): under the same throttle as the pictures. */
  'AuthenticationCenter/RndVcodeAudio': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async ({ db, ip, throttles, now, fields }) => {
      const key = requiredString(fields, 'Key', '图形验证码', 64);
      await throttles.consume('imageCodeClient', ip);
      const audio = imageCodeAudio(db, key, nowSeconds(now));
      if (!audio) throw new BackendError(ErrorNo.REFUSED, '图形验证码已过期，请刷新后再听');
      return { Audio: audio };
    },
  },

  'AuthenticationCenter/PcPhoneLogin': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async (ctx) => {
      const { db, settings, fields } = ctx;
      const phone = phoneField(fields);
      const code = smsCodeField(fields);
      const now = nowSeconds(ctx.now);
      // The code is checked before the phone's status, so the answer tells nothing to a guesser.
      // A stranger's wrong codes spend the stranger's tries, so the member's right code still logs in.
      await checkSmsCode(ctx, phone, code, now, true);
      const member = memberByPhone(db, phone);
      if (!isLoginable(member)) {
        if (cardsOfPhone(db, phone).length > 0) throw new BackendError(ErrorNo.REFUSED, '该手机号尚未开通线上会员，请先激活会员卡');
        throw new BackendError(ErrorNo.REFUSED, '未注册账号，请先注册账号');
      }
      return loggedIn(ctx, settings, member);
    },
  },

  /**
   * SPEC §4 WeChat login by Code: ErrorNo -1 for an unknown, used or expired
   * code; -2 when the openid is unknown to us; 3 when it is known but has no
   * online member yet. Both -2 and 3 mean 请先注册或激活.
   */
  'AuthenticationCenter/PcWechatLogin': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: async (ctx) => {
      const { db, settings, fields, now: date } = ctx;
      const code = requiredString(fields, 'Code', '微信授权码', 128);
      const now = nowSeconds(date);
      const row = db.prepare('SELECT openid, expires_at, used_at FROM wechat_codes WHERE code = ?').get(code) as
        | { openid: string; expires_at: number; used_at: number | null }
        | undefined;
      if (!row || row.used_at !== null || row.expires_at <= now) {
        throw new BackendError(-1, '微信授权已失效，请重新扫码登录');
      }
      db.prepare('UPDATE wechat_codes SET used_at = ? WHERE code = ?').run(now, code);
      const binding = db.prepare('SELECT member_id FROM wechat_bindings WHERE openid = ?').get(row.openid) as
        | { member_id: number | null }
        | undefined;
      if (!binding) throw new BackendError(-2, '请先注册或激活');
      const member = binding.member_id === null ? undefined : memberById(db, binding.member_id);
      if (!isLoginable(member)) throw new BackendError(3, '请先注册或激活');
      // WeChat vouches for the member: loggedIn makes this client known for the member's phone.
      return loggedIn(ctx, settings, member);
    },
  },

  /** Location by IP (SPEC §7 Restapi): loopback and private addresses are 昆明. */
  'AuthenticationCenter/Restapi': {
    access: 'public',
    handle: ({ address }) => ({ IP: address, ...KUNMING, IsDefault: !isLocalIp(address) }),
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
} satisfies EndpointMap;
