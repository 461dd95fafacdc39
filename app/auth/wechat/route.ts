/**
 * GET /auth/wechat: the login dialog's WeChat entry. Against the group's API
 * host it goes to WeChat's QR login (WECHAT_APP_ID), which returns to
 * /?code=…&state=…; with the embedded backend's development aids it runs the
 * development authorize step (a code bound to a test openid) and returns to
 * /?code=…&state=… the same way, so the SPEC §4 code flow can be tried by hand
 * and tested. ?openid= picks the test openid (dev only).
 * Security (docs/security.md "Attacks on the member system"): a random state
 * goes into an httpOnly cookie first (login CSRF), and every redirect is built
 * from SITE_URL, never from the Host the request claims.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { devWechatAuthorize } from '@/lib/api/auth';
import { usesEmbeddedBackend } from '@/lib/api/transport';
import { getBackend } from '@/lib/backend/router';
import { routes, withQuery } from '@/lib/routes';
import { newWechatState, writeWechatState } from '@/lib/session/wechat-state';
import { siteUrl } from '@/lib/site-config';
import { queryOf } from '@/lib/validation/parse-input';

export const dynamic = 'force-dynamic';

/** ?openid= of a development login: a test openid, or none (then the backend's default one). */
const devAuthorizeQuery = z.object({ openid: z.string().regex(/^[\w-]{4,64}$/).optional().catch(undefined) });

/** A redirect to a page of this site, at its public address. */
const toSite = (path: string) => NextResponse.redirect(`${siteUrl()}${path}`);

export async function GET(request: NextRequest) {
  const state = newWechatState();
  if (usesEmbeddedBackend() && getBackend().settings.devAids) {
    const { openid } = devAuthorizeQuery.parse(queryOf(request.nextUrl.searchParams));
    try {
      const code = await devWechatAuthorize(openid);
      const response = toSite(withQuery(routes.home(), { code, state }));
      writeWechatState(response.cookies, state);
      return response;
    } catch {
      return toSite(routes.loginDialog());
    }
  }
  const appId = process.env.WECHAT_APP_ID;
  if (!appId) return toSite(routes.loginDialog());
  const qr = new URL('https://open.weixin.qq.com/connect/qrconnect');
  qr.searchParams.set('appid', appId);
  qr.searchParams.set('redirect_uri', `${siteUrl()}${routes.home()}`);
  qr.searchParams.set('response_type', 'code');
  qr.searchParams.set('scope', 'snsapi_login');
  qr.searchParams.set('state', state);
  const response = NextResponse.redirect(`${qr.toString()}#wechat_redirect`);
  writeWechatState(response.cookies, state);
  return response;
}
