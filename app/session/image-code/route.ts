/**
 * GET /session/image-code: a fresh numeric image code (RndVcodeNum) for the SMS
 * send that asked for one (React Query key `imageCode`, never retried). Each
 * answer makes one code on the API host, so a page of another site may not
 * ask for it (Sec-Fetch-Site), and no cache keeps it.
 */
import { getImageCode } from '@/lib/api/auth';
import { isApiError } from '@/lib/api/errors';
import { messages } from '@/lib/messages';

export const dynamic = 'force-dynamic';

const privateJson = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { 'cache-control': 'private, no-store' } });

/** A browser says where a request comes from; only this site's own pages (or a typed URL) may make a code. */
function fromThisSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

export async function GET(request: Request) {
  if (!fromThisSite(request)) return privateJson({ ok: false, message: '请求来源无效，请刷新页面后重试' }, 403);
  try {
    return privateJson({ ok: true, ...(await getImageCode()) });
  } catch (err) {
    return privateJson({ ok: false, message: isApiError(err) ? err.errorInfo : messages.systemError }, isApiError(err) ? 200 : 503);
  }
}
