/**
 * GET /search-suggestions?q=: the header search box's suggestions as JSON (docs/site-search.md), read by
 * the box through React Query. Public and shared: cached briefly by browsers and the proxy. A bad keyword
 * (repeated, too long) is a 400 with a Chinese message, never a 500. Each client gets a share of the
 * searches (lib/security/route-limits.ts: 429 with Retry-After past it), and what a keyword finds is kept
 * in a bounded memory, never in the data cache on disk (lib/api/cache.ts `visitorChosen`).
 */
import { searchSuggestions } from '@/components/search/suggestions';
import { SUGGEST_MAX_CHARS } from '@/components/search/suggestion-types';
import { z } from 'zod';
import { parseKeyword } from '@/lib/url-params';
import { parseInput, queryOf } from '@/lib/validation/parse-input';
import { refuseOverLimit } from '@/lib/security/route-limits';

const BAD_KEYWORD = `搜索词无效：请输入不超过${SUGGEST_MAX_CHARS}个字符的关键词`;

/** One keyword (absent is ''), cleaned as the search pages clean it; repeated or too long is refused. */
const suggestionQuery = z.object({
  q: z
    .string({ error: BAD_KEYWORD })
    .optional()
    .transform((q, ctx) => parseKeyword(q, SUGGEST_MAX_CHARS) ?? (ctx.addIssue({ code: 'custom', message: BAD_KEYWORD }), z.NEVER)),
});

export async function GET(request: Request) {
  const query = parseInput(suggestionQuery, queryOf(new URL(request.url).searchParams), BAD_KEYWORD);
  if (!query.ok) return Response.json({ error: query.message }, { status: 400 });
  const limited = await refuseOverLimit('searchSuggestions', request);
  if (limited) return limited;
  try {
    const items = await searchSuggestions(query.value.q);
    return Response.json({ items }, { headers: { 'cache-control': 'public, max-age=60' } });
  } catch {
    return Response.json({ error: '暂时无法获取搜索建议，请直接搜索' }, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
}
