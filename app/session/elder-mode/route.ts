/**
 * POST /session/elder-mode: the header's 长者模式 switch (docs/elder-mode.md). A plain form post, so it works
 * before (and without) JavaScript: it sets or clears the `elder` cookie and sends the browser back (303) to the
 * page it came from, which then loads whole in the chosen mode (the server reads the cookie: no flash).
 * Same-origin posts only; the page to go back to is a same-site path or the home page.
 */
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { ELDER_COOKIE, ELDER_COOKIE_SECONDS, ELDER_ON } from '@/lib/elder-mode';
import { homePath, safeInternalPath } from '@/lib/internal-paths';
import { cookieSecure } from '@/lib/session/cookies';
import { requestIsSameOrigin } from '@/lib/session/origin';
import { parseInput } from '@/lib/validation/parse-input';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'private, no-store', 'content-type': 'text/plain; charset=utf-8' };
const INVALID = '请求无效，请刷新页面后重试';

const schema = z.object({
  on: z.enum(['0', '1'], { message: INVALID }),
  back: z.string().max(2048, { message: INVALID }).optional(),
});

/** The page to return to: the form's own field, else the Referer of this origin, else the home page. */
function backPath(back: string | undefined, request: Request): string {
  const fromForm = safeInternalPath(back);
  if (fromForm) return fromForm;
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === new URL(request.url).host) return safeInternalPath(`${url.pathname}${url.search}`) ?? homePath();
    } catch {
      /* not a URL: the home page */
    }
  }
  return homePath();
}

export async function POST(request: Request) {
  if (!(await requestIsSameOrigin())) return new Response('请求来源无效，请刷新页面后重试', { status: 403, headers: NO_STORE });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return new Response(INVALID, { status: 400, headers: NO_STORE });
  }
  const parsed = parseInput(schema, Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')), INVALID);
  if (!parsed.ok) return new Response(parsed.message, { status: 400, headers: NO_STORE });

  const res = new NextResponse(null, { status: 303, headers: { location: backPath(parsed.value.back, request), 'cache-control': 'private, no-store' } });
  // Read by the server only (app/layout.tsx): httpOnly like every cookie of the site.
  const options = { httpOnly: true, sameSite: 'lax' as const, secure: cookieSecure(), path: '/' };
  if (parsed.value.on === '1') res.cookies.set(ELDER_COOKIE, ELDER_ON, { ...options, maxAge: ELDER_COOKIE_SECONDS });
  else res.cookies.set(ELDER_COOKIE, '', { ...options, maxAge: 0 });
  return res;
}
