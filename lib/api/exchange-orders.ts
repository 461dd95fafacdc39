import 'server-only';
/**
 * PointsMall/GetExchangeList (the site's extension of SPEC §7 Points,
 * docs/api.md): the member's own exchange orders, 兑换记录 (never cached).
 */
import type { AuthedClient, Page } from './types';

export interface ExchangeOrder {
  orderNo: string;
  sn: string;
  name: string;
  image: string;
  quantity: number;
  points: number;
  balance: number;
  statusName: string;
  createdAt: string;
}

export const EXCHANGE_ORDERS_PAGE_SIZE = 10;

export async function getExchangeOrders(client: AuthedClient, query: { page?: number } = {}): Promise<Page<ExchangeOrder>> {
  const r = await client.post(
    'PointsMall/GetExchangeList',
    { PageIndex: query.page ?? 1, PageSize: EXCHANGE_ORDERS_PAGE_SIZE },
  );
  return {
    items: r.DataList.map((x) => ({
      orderNo: x.OrderNo,
      sn: x.GoodsSN,
      name: x.GoodsName,
      image: x.ImageUrl,
      quantity: x.Quantity,
      points: x.Points,
      balance: x.Balance,
      statusName: x.StatusName,
      createdAt: x.CreateTime,
    })),
    total: r.TotalCount,
    page: r.PageIndex,
    pageSize: r.PageSize,
  };
}
