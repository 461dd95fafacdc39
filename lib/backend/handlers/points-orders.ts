/**
 * PointsMall/GetExchangeList (the site's extension of SPEC §7 Points,
 * docs/api.md): the member's own exchange orders (兑换记录), newest first.
 */
import { listResult, paging } from '../fields';
import { BackendError, ErrorNo, type EndpointMap } from '../types';

/** points_orders.status: 0 待领取 (at the member's clinic), 1 已领取, 2 已取消. */
export const EXCHANGE_STATUS_NAMES: Record<number, string> = { 0: '待领取', 1: '已领取', 2: '已取消' };

interface ExchangeRow {
  order_no: string;
  goods_sn: string;
  goods_name: string;
  image: string | null;
  quantity: number;
  points: number;
  balance_after: number;
  status: number;
  created_at: string;
}

export const pointsOrderEndpoints = {
  'PointsMall/GetExchangeList': {
    access: 'member',
    handle({ db, fields, caller }) {
      if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
      const page = paging(fields, { defaultSize: 10, maxSize: 50 });
      const total = (db.prepare('SELECT COUNT(*) AS n FROM points_orders WHERE member_id = ?').get(caller.memberId) as { n: number }).n;
      const rows = db
        .prepare(
          `SELECT o.order_no, o.goods_sn, o.goods_name, g.image, o.quantity, o.points, o.balance_after, o.status, o.created_at
           FROM points_orders o LEFT JOIN points_goods g ON g.id = o.goods_id
           WHERE o.member_id = ? ORDER BY o.id DESC LIMIT ? OFFSET ?`,
        )
        .all(caller.memberId, page.pageSize, page.offset) as ExchangeRow[];
      return listResult(
        rows.map((r) => ({
          OrderNo: r.order_no,
          GoodsSN: r.goods_sn,
          GoodsName: r.goods_name,
          ImageUrl: r.image ?? '',
          Quantity: r.quantity,
          Points: r.points,
          Balance: r.balance_after,
          Status: r.status,
          StatusName: EXCHANGE_STATUS_NAMES[r.status] ?? '',
          CreateTime: r.created_at,
        })),
        total,
        page,
      );
    },
  },
} satisfies EndpointMap;
