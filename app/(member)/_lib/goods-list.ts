import 'server-only';
import { goodsListQuery, parseGoodsListState, type GoodsListState } from '@/components/points/goods-browser';
import { getPointsGoodsList, type PointsGoodsPage } from '@/lib/api/points';
import { single, parsePage, type SearchParams } from '@/lib/url-params';

/**
 * The goods list of /onlineMall and /integralChage from the URL: the state and
 * its page of goods, or null for a malformed URL or a page past the end (404).
 */
export async function loadGoodsList(params: SearchParams): Promise<{ state: GoodsListState; data: PointsGoodsPage } | null> {
  const state = parseGoodsListState(single(params.sort, 20), single(params.category, 20), parsePage(params.page, 999_999));
  if (!state) return null;
  const data = await getPointsGoodsList(state);
  if (state.category && !data.categories.includes(state.category)) return null;
  if (state.page > 1 && data.items.length === 0) return null;
  return { state, data };
}

export { goodsListQuery };
