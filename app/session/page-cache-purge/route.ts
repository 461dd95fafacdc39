/**
 * POST /session/page-cache-purge: expires data-cache tags in this process when another `next start`
 * process changed them (lib/page-cache/store.ts, docs/decisions.md "Several processes behind nginx share
 * Redis"). Only the process itself may call it, with its page-cache secret (nginx blanks that header at the
 * edge); anyone else gets a 404. revalidateTag needs a request's context, hence a route.
 */
import { revalidateTag } from 'next/cache';
import { z } from 'zod';
import { isPageCacheRender, RENDER_HEADER } from '@/lib/page-cache/serve';
import { parseInput } from '@/lib/validation/parse-input';

export const dynamic = 'force-dynamic';

/** The tags another process expired (lib/api/cache.ts CACHE_TAGS): a short list of short names. */
const purgeBody = z.object({ tags: z.array(z.string().min(1).max(200)).max(50) });

export async function POST(request: Request) {
  if (!isPageCacheRender(request.headers) || !request.headers.get(RENDER_HEADER)) return new Response(null, { status: 404 });
  const body = parseInput(purgeBody, await request.json().catch(() => null), '缓存标签无效');
  if (!body.ok) return new Response(null, { status: 400 });
  // Expired at once (not stale-while-revalidate): the next render reads the new data.
  for (const tag of body.value.tags) revalidateTag(tag, { expire: 0 });
  return new Response(null, { status: 204 });
}
