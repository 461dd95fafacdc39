/**
 * POST /session/page-cache-purge: expires data-cache tags in this process when another `next start`
 * process changed them (lib/page-cache/store.ts, docs/decisions.md "Several processes behind nginx share
 * Redis"). Only the process itself may call it, with its page-cache secret (nginx blanks that header at the
 * edge); anyone else gets a 404. revalidateTag needs a request's context, hence a route.
 */
import { revalidateTag } from 'next/cache';
import { isPageCacheRender, RENDER_HEADER } from '@/lib/page-cache/serve';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  if (!isPageCacheRender(request.headers) || !request.headers.get(RENDER_HEADER)) return new Response(null, { status: 404 });
  let tags: unknown;
  try {
    tags = ((await request.json()) as { tags?: unknown }).tags;
  } catch {
    return new Response(null, { status: 400 });
  }
  if (!Array.isArray(tags) || tags.length > 50 || !tags.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 200)) {
    return new Response(null, { status: 400 });
  }
  // Expired at once (not stale-while-revalidate): the next render reads the new data.
  for (const tag of tags as string[]) revalidateTag(tag, { expire: 0 });
  return new Response(null, { status: 204 });
}
