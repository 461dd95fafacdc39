/**
 * GET /auth/wechat: the login dialog's WeChat entry. Against the group's API
 * host it goes to WeChat's QR login (WECHAT_APP_ID), which returns to /?code=…;
 * with the embedded backend's development aids it runs the development
 * authorize step (a code bound to a test openid) and returns to /?code=… the
 * same way, so the SPEC §4 code flow can be tried by hand and tested.
 * ?openid= picks the test openid (dev only).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { devWechatAuthorize } from '@/lib/api/auth';
import { usesEmbeddedBackend } from '@/lib/api/transport';
import { getBackend } from '@/lib/backend/router';
import { routes, withQuery } from '@/lib/routes';
import { siteUrl } from '@/lib/site-config';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  if (usesEmbeddedBackend() && getBackend().settings.devAids) {
    const openid = request.nextUrl.searchParams.get('openid') ?? undefined;
    try {
      const code = await devWechatAuthorize(openid && /^[\w-]{4,64}$/.test(openid) ? openid : undefined);
      return NextResponse.redirect(new URL(withQuery(routes.home(), { code }), request.nextUrl.origin));
    } catch {
      return NextResponse.redirect(new URL(routes.loginDialog(), request.nextUrl.origin));
    }
  }
  const appId = process.env.WECHAT_APP_ID;
  if (!appId) return NextResponse.redirect(new URL(routes.loginDialog(), request.nextUrl.origin));
  const qr = new URL('https://open.weixin.qq.com/connect/qrconnect');
  qr.searchParams.set('appid', appId);
  qr.searchParams.set('redirect_uri', `${siteUrl()}${routes.home()}`);
  qr.searchParams.set('response_type', 'code');
  qr.searchParams.set('scope', 'snsapi_login');
  qr.searchParams.set('state', 'pc');
  return NextResponse.redirect(`${qr.toString()}#wechat_redirect`);
}
