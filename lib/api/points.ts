import 'server-only';
/**
 * PointsMall (SPEC §7 Points): the points goods (public, cached) and the
 * exchange (a member write, never retried, with an idempotency key).
 */
import { REVALIDATE, CACHE_TAGS, cachedRead } from './cache';
import { isApiError } from './errors';
import { readAll } from './list-page';
import { publicRead } from './public';
import type { AuthedClient, Page } from './types';
import { ErrorNo, type ExchangeRefusalReason, isMissing, type WireExchangeOrder, type WireGoods } from '@/lib/contract';

/** List sorts; wire values of GetPointsMallList's Sort ('' = 默认, newest first). */
export const POINTS_GOODS_SORTS = [
  { value: '', label: '默认' },
  { value: 'hot', label: '兑换最多' },
  { value: 'points_asc', label: '积分从低到高' },
  { value: 'points_desc', label: '积分从高到低' },
] as const;
export type PointsGoodsSort = (typeof POINTS_GOODS_SORTS)[number]['value'];

export const POINTS_GOODS_PAGE_SIZE = 12;

export interface PointsGoods {
  sn: string;
  name: string;
  category: string;
  points: number;
  marketPrice: number;
  stock: number;
  exchangedCount: number;
  image: string;
  summary: string;
}

export interface PointsGoodsDetail extends PointsGoods {
  /** HTML from the API; sanitize before rendering. */
  descriptionHtml: string;
}

export interface PointsGoodsPage extends Page<PointsGoods> {
  categories: string[];
}

export interface ExchangeReceipt {
  orderNo: string;
  sn: string;
  name: string;
  quantity: number;
  pointsSpent: number;
  balance: number;
  createdAt: string;
  /** The same idempotency key had already made this order (a resubmit). */
  repeated: boolean;
}

/** Why the API refused an exchange (Result.Reason). */
export type ExchangeRefusal = ExchangeRefusalReason | 'OTHER';

function reshapeGoods(g: WireGoods): PointsGoods {
  return {
    sn: g.GoodsSN,
    name: g.GoodsName,
    category: g.Category,
    points: g.Points,
    marketPrice: g.MarketPrice,
    stock: g.Stock,
    exchangedCount: g.ExchangedCount,
    image: g.ImageUrl,
    summary: g.Summary,
  };
}

function reshapeReceipt(r: WireExchangeOrder): ExchangeReceipt {
  return {
    orderNo: r.OrderNo,
    sn: r.GoodsSN,
    name: r.GoodsName,
    quantity: r.Quantity,
    pointsSpent: r.Points,
    balance: r.Balance,
    createdAt: r.CreateTime,
    repeated: r.Repeated,
  };
}

export interface PointsGoodsQuery {
  sort?: PointsGoodsSort;
  category?: string;
  page?: number;
  pageSize?: number;
}

/** GetPointsMallList, cached briefly: stock changes with every exchange. */
export function getPointsGoodsList(query: PointsGoodsQuery = {}): Promise<PointsGoodsPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? POINTS_GOODS_PAGE_SIZE;
  const sort = query.sort ?? '';
  const category = query.category ?? '';
  return cachedRead(
    ['points-goods', sort, category, page, pageSize],
    async () => {
      const r = await publicRead('PointsMall/GetPointsMallList', {
        Sort: sort,
        Category: category,
        PageIndex: page,
        PageSize: pageSize,
      });
      return {
        items: r.DataList.map(reshapeGoods),
        total: r.TotalCount,
        page: r.PageIndex,
        pageSize: r.PageSize,
        categories: r.Categories ?? [],
      };
    },
    { tags: [CACHE_TAGS.pointsGoods], revalidate: REVALIDATE.live },
  );
}

/** GetPointsMallBySN: the item, or null when the API does not know it. */
export function getPointsGoods(sn: string): Promise<PointsGoodsDetail | null> {
  return cachedRead(
    ['points-item', sn],
    async () => {
      try {
        const g = await publicRead('PointsMall/GetPointsMallBySN', { SN: sn });
        return { ...reshapeGoods(g), descriptionHtml: g.Description ?? '' };
      } catch (err) {
        // A bad or unknown SN is "not found" for the page (notFound()), not a 500.
        if (isApiError(err) && isMissing(err.errorNo)) return null;
        throw err;
      }
    },
    { tags: [CACHE_TAGS.pointsGoods, CACHE_TAGS.pointsItem(sn)], revalidate: REVALIDATE.live },
  );
}

/** ExchangeGoods: a write, never retried; the key makes a resubmit the same order. */
export async function exchangePointsGoods(
  client: AuthedClient,
  input: { sn: string; quantity?: number; idempotencyKey: string },
): Promise<ExchangeReceipt> {
  const r = await client.post(
    'PointsMall/ExchangeGoods',
    { SN: input.sn, Quantity: input.quantity ?? 1, IdempotencyKey: input.idempotencyKey },
    { write: true },
  );
  return reshapeReceipt(r);
}

/** The refusal reason an ApiError of ExchangeGoods carries, if any. */
export function exchangeRefusalOf(err: unknown): { reason: ExchangeRefusal; balance?: number; stock?: number } | null {
  if (!isApiError(err) || err.errorNo !== ErrorNo.REFUSED) return null;
  const r = (err.result ?? {}) as { Reason?: string; Balance?: number; Stock?: number };
  const reason: ExchangeRefusal =
    r.Reason === 'INSUFFICIENT_POINTS' || r.Reason === 'SOLD_OUT' || r.Reason === 'KEY_REUSED' ? r.Reason : 'OTHER';
  return { reason, balance: r.Balance, stock: r.Stock };
}

/** Every item's SN, for the sitemap (each has its page and share card). */
export async function listPointsGoodsSns(): Promise<string[]> {
  const all = await readAll((page) => getPointsGoodsList({ page, pageSize: 60 }));
  return all.map((g) => g.sn);
}
