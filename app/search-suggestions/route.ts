/**
 * GET /search-suggestions?q=: the header search box's suggestions as JSON (docs/site-search.md), read by
 * the box through React Query. Public and shared: cached briefly by browsers and the proxy. A bad keyword
 * (repeated, too long) is a 400 with a Chinese message, never a 500.
 */
import { searchSuggestions } from '@/components/search/suggestions';
import { SUGGEST_MAX_CHARS } from '@/components/search/suggestion-types';
import { parseKeyword } from '@/lib/url-params';

export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const all = params.getAll('q');
  const keyword = parseKeyword(all.length > 1 ? all : (all[0] ?? undefined), SUGGEST_MAX_CHARS);
  if (keyword === null) {
    return Response.json({ error: `搜索词无效：请输入不超过${SUGGEST_MAX_CHARS}个字符的关键词` }, { status: 400 });
  }
  try {
    const items = await searchSuggestions(keyword);
    return Response.json({ items }, { headers: { 'cache-control': 'public, max-age=60' } });
  } catch {
    return Response.json({ error: '暂时无法获取搜索建议，请直接搜索' }, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
}
