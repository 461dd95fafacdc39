import 'server-only';
import { goodsListQuery, parseGoodsListState, type GoodsListState } from '@/components/points/goods-browser';
import { getPointsGoodsList, type PointsGoodsPage } from '@/lib/api/points';
import { pageParam, singleParam, type SearchParams } from '@/lib/search-params';

/**
 * The goods list of /onlineMall and /integralChage from the URL: the state and
 * its page of goods, or null for a malformed URL or a page past the end (404).
 */
export async function loadGoodsList(params: SearchParams): Promise<{ state: GoodsListState; data: PointsGoodsPage } | null> {
  const state = parseGoodsListState(singleParam(params, 'sort', 20), singleParam(params, 'category', 20), pageParam(params));
  if (!state) return null;
  const data = await getPointsGoodsList(state);
  if (state.category && !data.categories.includes(state.category)) return null;
  if (state.page > 1 && data.items.length === 0) return null;
  return { state, data };
}

export { goodsListQuery };
