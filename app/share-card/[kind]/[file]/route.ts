/**
 * GET /share-card/<kind>/<key>.png: the page's share card (docs/seo-sharing.md "Share cards"),
 * a 1200×630 PNG. Pages link it with ?v=<version of the card's content>: a versioned
 * address is cached for a long time (a changed page links a new version), a bare one briefly.
 */
import { z } from 'zod';
import { BAD_RESPONSE_ERROR_NO, NETWORK_ERROR_NO, isApiError } from '@/lib/api/errors';
import { SHARE_CARD_KINDS, shareCardVersion } from '@/lib/share-card/content';
import { loadShareCard } from '@/lib/share-card/load';
import { renderShareCard } from '@/lib/share-card/render';
import { parseInput } from '@/lib/validation/parse-input';

/** Rendered cards by kind, key and version (a card takes ~100 ms to draw; a shared link is fetched in bursts). */
const rendered = new Map<string, Uint8Array>();
const MAX_CARDS = 300;

/** /share-card/<kind>/<key>.png: a known kind and a code-shaped key; anything else is no card (404). */
const cardAddress = z.object({
  kind: z.enum(SHARE_CARD_KINDS),
  file: z.string().transform((file, ctx) => /^([A-Za-z0-9_-]{1,40})\.png$/.exec(file)?.[1] ?? (ctx.addIssue({ code: 'custom', message: '分享图地址无效' }), z.NEVER)),
});

const notFound = () =>
  new Response('未找到该页面的分享图', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

export async function GET(request: Request, { params }: { params: Promise<{ kind: string; file: string }> }) {
  const address = parseInput(cardAddress, await params, '分享图地址无效');
  if (!address.ok) return notFound();
  const { kind, file: key } = address.value;
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
  const versioned = new URL(request.url).searchParams.get('v') === version;
  const headers = {
    'Content-Type': 'image/png',
    ETag: etag,
    'Cache-Control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=600',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const cacheKey = `${kind}/${key}@${version}`;
  let png = rendered.get(cacheKey);
  if (!png) {
    png = await renderShareCard(card);
    if (rendered.size >= MAX_CARDS) rendered.delete(rendered.keys().next().value!);
    rendered.set(cacheKey, png);
  }
  return new Response(png as BodyInit, { headers: { ...headers, 'Content-Length': String(png.byteLength) } });
}
