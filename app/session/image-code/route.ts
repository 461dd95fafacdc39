/**
 * GET /session/image-code: a fresh numeric image code (RndVcodeNum) for the SMS
 * send that asked for one (React Query key `imageCode`, never retried). Each
 * answer makes one code on the API host, so a page of another site may not
 * ask for it (Sec-Fetch-Site), no cache keeps it, and each client gets a few
 * (lib/security/route-limits.ts; the API host limits it too): past them, 429
 * with Retry-After.
 */
import { getImageCode } from '@/lib/api/auth';
import { isApiError } from '@/lib/api/errors';
import { messages } from '@/lib/messages';
import { refuseOverLimit } from '@/lib/security/route-limits';

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
  const limited = await refuseOverLimit('imageCode', request);
  if (limited) {
    const { error } = (await limited.json()) as { error: string };
    return Response.json({ ok: false, message: error }, { status: 429, headers: limited.headers });
  }
  try {
    return privateJson({ ok: true, ...(await getImageCode()) });
  } catch (err) {
    if (isApiError(err) && err.retryAfterSeconds) {
      return Response.json({ ok: false, message: err.errorInfo }, { status: 429, headers: { 'cache-control': 'no-store', 'retry-after': String(err.retryAfterSeconds) } });
    }
    return privateJson({ ok: false, message: isApiError(err) ? err.errorInfo : messages.systemError }, isApiError(err) ? 200 : 503);
  }
}
