/**
 * GET /share-card/<kind>/<key>.png: the page's share card (docs/seo-sharing.md "Share cards"),
 * a 1200×630 PNG. Pages link it with ?v=<version of the card's content>: a versioned
 * address is cached for a long time (a changed page links a new version), a bare one briefly.
 * Each card is drawn once per content version and kept on disk (lib/share-card/stored-cards.ts):
 * a linked card that is stored is a file read; anything that needs the page looked up or a card
 * drawn counts against the client's limit (lib/security/route-limits.ts).
 */
import { z } from 'zod';
import { BAD_RESPONSE_ERROR_NO, NETWORK_ERROR_NO, isApiError } from '@/lib/api/errors';
import { SHARE_CARD_KINDS, shareCardVersion } from '@/lib/share-card/content';
import { loadShareCard } from '@/lib/share-card/load';
import { renderShareCard } from '@/lib/share-card/render';
import { readStoredCard, storedCard } from '@/lib/share-card/stored-cards';
import { refuseOverLimit } from '@/lib/security/route-limits';
import { parseInput } from '@/lib/validation/parse-input';

/** /share-card/<kind>/<key>.png: a known kind and a code-shaped key; anything else is no card (404). */
const cardAddress = z.object({
  kind: z.enum(SHARE_CARD_KINDS),
  file: z.string().transform((file, ctx) => /^([A-Za-z0-9_-]{1,40})\.png$/.exec(file)?.[1] ?? (ctx.addIssue({ code: 'custom', message: '分享图地址无效' }), z.NEVER)),
});

const notFound = () =>
  new Response('未找到该页面的分享图', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

const png = (bytes: Uint8Array, headers: Record<string, string>) =>
  new Response(bytes as BodyInit, { headers: { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(bytes.byteLength) } });

const VERSIONED = 'public, max-age=31536000, immutable';

export async function GET(request: Request, { params }: { params: Promise<{ kind: string; file: string }> }) {
  const address = parseInput(cardAddress, await params, '分享图地址无效');
  if (!address.ok) return notFound();
  const { kind, file: key } = address.value;
  // The address a page links (?v=): a stored card is answered from disk, without looking the page up.
  const linked = new URL(request.url).searchParams.get('v');
  if (linked) {
    const kept = await readStoredCard(kind, key, linked);
    if (kept) {
      const etag = `"${linked}"`;
      if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': VERSIONED } });
      return png(kept, { ETag: etag, 'Cache-Control': VERSIONED });
    }
  }
  const limited = await refuseOverLimit('shareCard', request);
  if (limited) return limited;
  let card;
  try {
    card = await loadShareCard(kind, key);
  } catch (err) {
    // The API refused the key: no such page. A network fault is not a 404 (the link would look dead).
    if (isApiError(err) && err.errorNo !== NETWORK_ERROR_NO && err.errorNo !== BAD_RESPONSE_ERROR_NO) return notFound();
    return new Response('分享图暂时无法生成，请稍后再试', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '30' } });
  }
  if (!card) return notFound();
  const version = shareCardVersion(card);
  const etag = `"${version}"`;
  const headers = { ETag: etag, 'Cache-Control': linked === version ? VERSIONED : 'public, max-age=600' };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return png(await storedCard(kind, key, version, () => renderShareCard(card)), headers);
}
