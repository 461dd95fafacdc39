/**
 * Development-only aids of the embedded backend (issue 3), answering only
 * when settings.devAids (never in production against a real API host):
 * - Dev/GetSmsOutbox (Phone): the latest SMS code sent to a phone, as tests and
 *   people trying the site read it;
 * - Dev/WechatAuthorize (OpenID, optional): the WeChat authorize step, a
 *   single-use code bound to a test openid, valid 10 minutes.
 */
import crypto from 'node:crypto';
import { optionalString } from '../fields';
import { DEMO_OPENIDS } from '../seed/core';
import { latestSmsCode } from '../sms';
import { BackendError, ErrorNo, type EndpointMap, type HandlerContext } from '../types';
import { nowSeconds, phoneField } from './auth-support';

export const WECHAT_CODE_TTL_SECONDS = 10 * 60;

function requireDevAids(ctx: HandlerContext) {
  if (!ctx.settings.devAids) throw new BackendError(ErrorNo.NOT_FOUND, '接口不存在');
}

export const devEndpoints: EndpointMap = {
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
};
