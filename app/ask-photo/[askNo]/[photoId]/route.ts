/**
 * GET /ask-photo/{askNo}/{photoId}: a photo of the member's own 图文问诊 (docs/api.md "IM_AskQuestion: asking a
 * doctor", docs/security.md "Uploads"). Only to the member who asked: a visitor, another member, an unknown
 * question or photo all get the same 404, so nothing tells a question exists. Member data: `private, no-store`
 * (never the page cache, nginx's cache or a browser's disk), never indexed, never embedded by another site.
 */
import { getMyAskPhoto } from '@/lib/api/ask';
import { getSession, memberClient } from '@/lib/session';

export const dynamic = 'force-dynamic';

const ASK_NO = /^Q\d{8}[0-9A-F]{10}$/;
const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' };

const notFound = () => new Response('图片不存在', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', ...PRIVATE } });

export async function GET(_request: Request, { params }: { params: Promise<{ askNo: string; photoId: string }> }) {
  const { askNo, photoId } = await params;
  if (!ASK_NO.test(askNo) || !/^[1-9]\d{0,9}$/.test(photoId)) return notFound();
  if (!(await getSession())) return notFound();
  const photo = await getMyAskPhoto(await memberClient(), askNo, Number(photoId));
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo.bytes), {
    headers: { 'content-type': photo.contentType, 'content-length': String(photo.bytes.length), 'content-disposition': 'inline', ...PRIVATE },
  });
}
