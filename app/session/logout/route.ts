/**
 * POST /session/logout: SPEC §4 logout for the header's member menu
 * (lib/session/logout.ts). Same-origin requests only; answers {ok} and never
 * a token. A route handler, not a server action, so the member page stays
 * as it is while 您已退出登录 shows and the browser returns to / after 1 s.
 */
import { messages } from '@/lib/messages';
import { logOut } from '@/lib/session/logout';
import { requestIsSameOrigin } from '@/lib/session/origin';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'private, no-store' };

export async function POST() {
  if (!(await requestIsSameOrigin())) {
    return Response.json({ ok: false, message: '请求来源无效，请刷新页面后重试' }, { status: 403, headers: NO_STORE });
  }
  const r = await logOut();
  return Response.json(r.ok ? { ok: true } : { ok: false, message: messages.logoutFailed }, { headers: NO_STORE });
}
