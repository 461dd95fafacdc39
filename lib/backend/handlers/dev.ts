/**
 * Development-only aids of the embedded backend (docs/api.md), answering only
 * when settings.devAids (never in production against a real API host):
 * - Dev/GetSmsOutbox (Phone): the latest SMS code sent to a phone, as tests and
 *   people trying the site read it;
 * - Dev/IssueCard (Phone, HolderName): a fresh offline card to activate;
 * - Dev/GetRefreshCount (Phone): refreshes seen for a member's tokens;
 * - Dev/FailNext (Path, Token or Match optional): the next call of a path fails, or only the next one made
 *   with that access token, or the refresh token a call without one sends (OutLogin), or one whose fields hold
 *   the Match; browser tests of failure branches that must not touch other tests;
 * - Dev/WechatAuthorize (OpenID, optional): the WeChat authorize step, a
 *   single-use code bound to a test openid, valid 10 minutes;
 * - Dev/SpendCeiling (Name, Phone): calls about that phone meet a site-wide ceiling as spent for its window, as
 *   if many addresses had spent it, so a browser test meets the slower path on the suite's server.
 */
import crypto from 'node:crypto';
import { optionalString } from '../fields';
import { DEMO_OPENIDS } from '../seed/core';
import { latestSmsCode } from '../sms';
import { BackendError, ErrorNo, type EndpointMap, type HandlerContext } from '../types';
import { limitSeconds } from '@/lib/limits';
import { spendCeilingFor } from '../dev-ceilings';
import { validateName } from '@/lib/validation';
import { checked, nowSeconds, phoneField } from './auth-support';

export const WECHAT_CODE_TTL_SECONDS = 10 * 60;

/**
 * Dev/FailNext (Path, Token or Match): the next call of that path fails with ErrorNo -1, so browser tests can see
 * the UI's failure branch (e.g. SPEC §4 退出失败). With a Token, only the next call made with that bearer token
 * fails; with a Match, only the next call one of whose fields contains it (a public call a test makes with a
 * value of its own, e.g. PcWebUrl's Parms). Either way tests running side by side never meet each other's
 * failures. Kept per backend (settings object), checked by the router.
 */
const failNext = new WeakMap<object, Set<string>>();
const failMatching = new WeakMap<object, { path: string; match: string }[]>();

const failureKey = (apiPath: string, token?: string | null) => (token ? `${apiPath} ${token}` : apiPath);

export function takeInjectedFailure(settings: object, apiPath: string, token: string | null | undefined, fields: Readonly<Record<string, unknown>>): boolean {
  const matching = failMatching.get(settings);
  const i = matching?.findIndex((m) => m.path === apiPath && Object.values(fields).some((v) => typeof v === 'string' && v.includes(m.match))) ?? -1;
  if (i >= 0) {
    matching!.splice(i, 1);
    return true;
  }
  const set = failNext.get(settings);
  if (!set) return false;
  for (const key of token ? [failureKey(apiPath), failureKey(apiPath, token)] : [failureKey(apiPath)]) {
    if (set.delete(key)) return true;
  }
  return false;
}

function requireDevAids(ctx: HandlerContext) {
  if (!ctx.settings.devAids) throw new BackendError(ErrorNo.NOT_FOUND, '接口不存在');
}

/** The site-wide ceilings a browser test may spend (lib/limits.ts, scope 'site', counted by the throttles). */
const SITE_CEILINGS = ['loginGlobal', 'smsSendGlobal', 'smsVerifyGlobal', 'registerGlobal', 'resetGlobal'] as const;

export const devEndpoints = {
  'Dev/SpendCeiling': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: (ctx) => {
      requireDevAids(ctx);
      const name = SITE_CEILINGS.find((n) => n === optionalString(ctx.fields, 'Name', '限额名称', 40));
      if (!name) throw new BackendError(ErrorNo.BAD_INPUT, '限额名称不正确');
      const phone = phoneField(ctx.fields);
      // Only that phone's calls meet it: the suite's other tests, on the same server, never do.
      spendCeilingFor(ctx.settings, name, phone, ctx.now.getTime() + limitSeconds(name) * 1000);
      return { Name: name, Phone: phone };
    },
  },
  'Dev/FailNext': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: (ctx) => {
      requireDevAids(ctx);
      const target = optionalString(ctx.fields, 'Path', '接口路径', 200);
      if (!/^[A-Za-z_]+\/[A-Za-z_]+$/.test(target)) throw new BackendError(ErrorNo.BAD_INPUT, '接口路径格式不正确');
      const token = optionalString(ctx.fields, 'Token', '令牌', 2000);
      const match = optionalString(ctx.fields, 'Match', '匹配内容', 200);
      if (match) {
        const list = failMatching.get(ctx.settings) ?? [];
        list.push({ path: target, match });
        failMatching.set(ctx.settings, list);
        return { Path: target };
      }
      const set = failNext.get(ctx.settings) ?? new Set<string>();
      set.add(failureKey(target, token || null));
      failNext.set(ctx.settings, set);
      return { Path: target };
    },
  },

  'Dev/GetSmsOutbox': {
    access: 'public',
    ignoresToken: true,
    handle: (ctx) => {
      requireDevAids(ctx);
      const row = latestSmsCode(ctx.db, phoneField(ctx.fields));
      if (!row) throw new BackendError(ErrorNo.REFUSED, '该手机号没有发送记录');
      return row;
    },
  },

  /** Dev/IssueCard (Phone, HolderName): a fresh offline card, so activation can be tried again and again. */
  'Dev/IssueCard': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: (ctx) => {
      requireDevAids(ctx);
      const phone = phoneField(ctx.fields);
      const holderRaw = optionalString(ctx.fields, 'HolderName', '持卡人', 30);
      // The holder's name becomes the member's name on activation: the same rule as a registered name (SPEC §5).
      const holder = holderRaw ? checked(validateName(holderRaw)) : '测试会员';
      const cardNo = `SA${Date.now().toString().slice(-8)}${crypto.randomInt(10, 99)}`;
      ctx.db
        .prepare(
          `INSERT INTO member_cards (card_no, phone, holder_name, level, level_name, points, org_name, issued_at)
           VALUES (?, ?, ?, 2, '银卡会员', 2000, '圣爱中医昆明总院', datetime('now'))`,
        )
        .run(cardNo, phone, holder);
      return { CardNo: cardNo, Phone: phone };
    },
  },

  /** Dev/GetRefreshCount (Phone): how many refreshes the member's tokens saw (browser tests of SPEC §8). */
  'Dev/GetRefreshCount': {
    access: 'public',
    ignoresToken: true,
    handle: (ctx) => {
      requireDevAids(ctx);
      const phone = phoneField(ctx.fields);
      const row = ctx.db
        .prepare(
          `SELECT COUNT(*) AS n FROM refresh_tokens t JOIN members m ON m.id = t.member_id
           WHERE m.phone = ? AND t.rotated_at IS NOT NULL`,
        )
        .get(phone) as { n: number };
      return { Phone: phone, RefreshCount: row.n };
    },
  },

  'Dev/WechatAuthorize': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle: (ctx) => {
      requireDevAids(ctx);
      const openid = optionalString(ctx.fields, 'OpenID', 'OpenID', 64) || DEMO_OPENIDS.bound;
      if (!/^[\w-]{4,64}$/.test(openid)) throw new BackendError(ErrorNo.BAD_INPUT, 'OpenID格式不正确');
      const code = crypto.randomBytes(18).toString('base64url');
      const now = nowSeconds(ctx.now);
      ctx.db
        .prepare('INSERT INTO wechat_codes (code, openid, created_at, expires_at) VALUES (?, ?, ?, ?)')
        .run(code, openid, now, now + WECHAT_CODE_TTL_SECONDS);
      return { Code: code, OpenID: openid, ExpiresIn: WECHAT_CODE_TTL_SECONDS };
    },
  },
} satisfies EndpointMap;
