/**
 * GET /session/image-code/audio?key=…: the image code of `key`, spoken (docs/elder-mode.md "The picture code's
 * audio"), for a visitor who cannot see the picture. A WAV file made on the API host from recorded digits and
 * noise. The same rules as the picture (../route.ts): this site's pages only, no cache keeps it, and each answer
 * counts against the same per-client allowance (`imageCode`) and the API's own throttle; a code that has expired
 * or been used answers 410 with a message, never audio.
 */
import { z } from 'zod';
import { getImageCodeAudio } from '@/lib/api/auth';
import { isApiError } from '@/lib/api/errors';
import { messages } from '@/lib/messages';
import { refuseOverLimit } from '@/lib/security/route-limits';
import { parseInput, queryOf } from '@/lib/validation/parse-input';

export const dynamic = 'force-dynamic';

const INVALID = '图形验证码无效，请刷新后再试';
const schema = z.object({ key: z.string({ message: INVALID }).regex(/^[0-9A-Za-z-]{8,64}$/, { message: INVALID }) });

const privateJson = (body: unknown, status: number, extra: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'cache-control': 'private, no-store', ...extra } });

/** A browser says where a request comes from; only this site's own pages (or a typed URL) may ask. */
function fromThisSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

export async function GET(request: Request) {
  if (!fromThisSite(request)) return privateJson({ ok: false, message: '请求来源无效，请刷新页面后重试' }, 403);
  const parsed = parseInput(schema, queryOf(new URL(request.url).searchParams), INVALID);
  if (!parsed.ok) return privateJson({ ok: false, message: parsed.message }, 400);
  const limited = await refuseOverLimit('imageCode', request);
  if (limited) {
    const { error } = (await limited.json()) as { error: string };
    return Response.json({ ok: false, message: error }, { status: 429, headers: limited.headers });
  }
  try {
    const audio = await getImageCodeAudio(parsed.value.key);
    return new Response(new Uint8Array(audio), {
      headers: { 'content-type': 'audio/wav', 'content-length': String(audio.byteLength), 'cache-control': 'private, no-store' },
    });
  } catch (err) {
    if (isApiError(err) && err.retryAfterSeconds) {
      return privateJson({ ok: false, message: err.errorInfo }, 429, { 'retry-after': String(err.retryAfterSeconds) });
    }
    // Expired, spent or unknown: the picture is gone too; the visitor asks for a new one.
    if (isApiError(err)) return privateJson({ ok: false, message: err.errorInfo }, 410);
    return privateJson({ ok: false, message: messages.systemError }, 503);
  }
}
