/**
 * PointsMall (SPEC §7): the points goods and their exchange. ExchangeGoods is
 * one SQLite transaction with an idempotency key (docs/api.md): points
 * and stock are checked and deducted together and an order is recorded, or
 * nothing changes at all.
 */
import { formatPoints } from '@/lib/format';
import { listResult, optionalEnum, optionalInt, optionalString, paging, requiredString } from '../fields';
import { BackendError, ErrorNo, type Caller, type Database, type EndpointMap } from '../types';
import { isGoodsSn, isIdempotencyKey, type ExchangeRefusalReason, type WireExchangeOrder, type WireGoods, type WirePointsLogEntry } from '@/lib/contract';
import { ledgerPage, type LedgerKind, type LedgerRow } from '../points-ledger';

const LEDGER_KIND_NAMES: Record<LedgerKind, string> = { registration: '挂号得积分', refund: '退号扣回', exchange: '积分兑换' };

function ledgerWire(row: LedgerRow): WirePointsLogEntry {
  return {
    LogID: row.id,
    Kind: row.kind,
    KindName: LEDGER_KIND_NAMES[row.kind] ?? '',
    Points: row.points,
    Balance: row.balance_after,
    RegisterNo: row.register_no ?? '',
    Note: row.note,
    CreateTime: row.created_at,
  };
}

/** Wire values of the list's Sort field. '' = 默认 (newest first). */
export const GOODS_SORTS = ['', 'points_asc', 'points_desc', 'hot', 'new'] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];

const ORDER_BY: Record<GoodsSort, string> = {
  '': 'created_at DESC, id DESC',
  new: 'created_at DESC, id DESC',
  points_asc: 'points ASC, id ASC',
  points_desc: 'points DESC, id DESC',
  hot: 'exchanged DESC, id DESC',
};

/** Why an exchange was refused; sent in Result.Reason with the ErrorInfo. */
export type ExchangeRefusal = ExchangeRefusalReason;

const MAX_QUANTITY = 10;

interface GoodsRow {
  id: number;
  sn: string;
  name: string;
  category: string;
  points: number;
  market_price: number;
  stock: number;
  exchanged: number;
  image: string;
  summary: string;
  description?: string;
}

interface OrderRow {
  id: number;
  order_no: string;
  goods_sn: string;
  goods_name: string;
  quantity: number;
  points: number;
  balance_after: number;
  created_at: string;
}

const GOODS_COLUMNS = 'id, sn, name, category, points, market_price, stock, exchanged, image, summary';

function goodsWire(row: GoodsRow): WireGoods {
  return {
    GoodsID: row.id,
    GoodsSN: row.sn,
    GoodsName: row.name,
    Category: row.category,
    Points: row.points,
    MarketPrice: row.market_price,
    Stock: row.stock,
    ExchangedCount: row.exchanged,
    ImageUrl: row.image,
    Summary: row.summary,
  };
}

function orderWire(row: OrderRow, repeated: boolean): WireExchangeOrder {
  return {
    OrderID: row.id,
    OrderNo: row.order_no,
    GoodsSN: row.goods_sn,
    GoodsName: row.goods_name,
    Quantity: row.quantity,
    Points: row.points,
    Balance: row.balance_after,
    CreateTime: row.created_at,
    /** True when this key had already made the order (a resubmit). */
    Repeated: repeated,
  };
}

function refuse(reason: ExchangeRefusal, message: string, extra: Record<string, unknown> = {}): never {
  throw new BackendError(ErrorNo.REFUSED, message, { Reason: reason, ...extra });
}

function memberOf(caller: Caller) {
  if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
  return caller;
}

/**
 * The exchange itself, synchronous inside one IMMEDIATE transaction so that
 * two concurrent exchanges (even from two processes) serialise on SQLite's
 * write lock: the second sees the first's deductions.
 */
export function exchangeGoods(
  db: Database,
  member: { memberId: number; vipCode: string },
  input: { sn: string; quantity: number; key: string },
  now: Date,
) {
  const run = db.transaction(() => {
    const previous = db
      .prepare(`SELECT * FROM points_orders WHERE member_id = ? AND idempotency_key = ?`)
      .get(member.memberId, input.key) as (OrderRow & { quantity: number }) | undefined;
    if (previous) {
      if (previous.goods_sn !== input.sn || previous.quantity !== input.quantity) {
        refuse('KEY_REUSED', '该兑换请求已用于其他商品，请重新打开兑换窗口');
      }
      return orderWire(previous, true);
    }

    const goods = db
      .prepare(`SELECT ${GOODS_COLUMNS} FROM points_goods WHERE sn = ? AND on_sale = 1`)
      .get(input.sn) as GoodsRow | undefined;
    if (!goods) throw new BackendError(ErrorNo.NOT_FOUND, '商品不存在或已下架');

    const account = db.prepare(`SELECT points FROM members WHERE id = ?`).get(member.memberId) as
      | { points: number }
      | undefined;
    if (!account) throw new BackendError(ErrorNo.VIP_NOT_BOUND, '会员信息不存在，请重新登录');

    const cost = goods.points * input.quantity;
    if (goods.stock < input.quantity) {
      refuse('SOLD_OUT', goods.stock === 0 ? '该商品已兑完，请选择其他商品' : `库存不足，仅剩${goods.stock}件`, {
        Stock: goods.stock,
        Balance: account.points,
      });
    }
    if (account.points < cost) {
      // SPEC §9: points of 10000 or more in 万, in messages too.
      refuse('INSUFFICIENT_POINTS', `积分不足：本次兑换需要${formatPoints(cost)}积分，您当前有${formatPoints(account.points)}积分`, {
        Stock: goods.stock,
        Balance: account.points,
        Need: cost,
      });
    }

    // The WHERE guards repeat the checks, so a bug above can never overdraw.
    const stock = db
      .prepare(`UPDATE points_goods SET stock = stock - ?, exchanged = exchanged + ? WHERE id = ? AND stock >= ?`)
      .run(input.quantity, input.quantity, goods.id, input.quantity);
    const points = db
      .prepare(`UPDATE members SET points = points - ? WHERE id = ? AND points >= ?`)
      .run(cost, member.memberId, cost);
    if (stock.changes !== 1 || points.changes !== 1) {
      throw new BackendError(ErrorNo.SERVER, '兑换失败，请稍后再试');
    }
    const balance = account.points - cost;
    const createdAt = now.toISOString();
    const orderNo = `EX${createdAt.slice(0, 10).replace(/-/g, '')}${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    // The 积分明细 (points-ledger.ts) shows the exchange beside the points bookings earned.
    db.prepare(
      `INSERT INTO points_ledger (member_id, kind, points, balance_after, register_no, note, created_at) VALUES (?, 'exchange', ?, ?, NULL, ?, ?)`,
    ).run(member.memberId, -cost, balance, `兑换 ${goods.name}×${input.quantity}`, createdAt);
    const id = Number(
      db
        .prepare(
          `INSERT INTO points_orders (order_no, member_id, vip_code, goods_id, goods_sn, goods_name, quantity, points, balance_after, idempotency_key, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(orderNo, member.memberId, member.vipCode, goods.id, goods.sn, goods.name, input.quantity, cost, balance, input.key, createdAt)
        .lastInsertRowid,
    );
    return orderWire(
      { id, order_no: orderNo, goods_sn: goods.sn, goods_name: goods.name, quantity: input.quantity, points: cost, balance_after: balance, created_at: createdAt },
      false,
    );
  });
  return run.immediate();
}

export const pointsEndpoints = {
  'PointsMall/GetPointsMallList': {
    access: 'public',
    handle({ db, fields }) {
      const page = paging(fields, { defaultSize: 12, maxSize: 60 });
      const sort = optionalEnum(fields, 'Sort', GOODS_SORTS, '排序方式');
      const category = optionalString(fields, 'Category', '商品分类', 20);
      const where = category ? 'on_sale = 1 AND category = ?' : 'on_sale = 1';
      const args = category ? [category] : [];
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM points_goods WHERE ${where}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(`SELECT ${GOODS_COLUMNS} FROM points_goods WHERE ${where} ORDER BY ${ORDER_BY[sort]} LIMIT ? OFFSET ?`)
        .all(...args, page.pageSize, page.offset) as GoodsRow[];
      const categories = (
        db.prepare(`SELECT DISTINCT category FROM points_goods WHERE on_sale = 1 ORDER BY category`).all() as {
          category: string;
        }[]
      ).map((r) => r.category);
      return { ...listResult(rows.map(goodsWire), total, page), Categories: categories };
    },
  },

  'PointsMall/GetPointsMallBySN': {
    access: 'public',
    handle({ db, fields }) {
      const sn = requiredString(fields, 'SN', '商品编号', 32);
      // A malformed SN names no goods (the same answer as an unknown one).
      if (!isGoodsSn(sn)) throw new BackendError(ErrorNo.NOT_FOUND, '商品不存在或已下架');
      const row = db
        .prepare(`SELECT ${GOODS_COLUMNS}, description FROM points_goods WHERE sn = ? AND on_sale = 1`)
        .get(sn) as GoodsRow | undefined;
      if (!row) throw new BackendError(ErrorNo.NOT_FOUND, '商品不存在或已下架');
      return { ...goodsWire(row), Description: row.description ?? '' };
    },
  },

  /** The site's extension (docs/api.md "PointsMall"): the caller's 积分明细, newest first. */
  'PointsMall/GetPointsLog': {
    access: 'member',
    handle({ db, fields, caller }) {
      const member = memberOf(caller);
      const page = paging(fields, { defaultSize: 10, maxSize: 50 });
      const { total, rows } = ledgerPage(db, member.memberId, page);
      return listResult(rows.map(ledgerWire), total, page);
    },
  },

  'PointsMall/ExchangeGoods': {
    access: 'member',
    write: true,
    handle({ db, fields, caller, now }) {
      const member = memberOf(caller);
      const sn = requiredString(fields, 'SN', '商品编号', 32);
      if (!isGoodsSn(sn)) throw new BackendError(ErrorNo.NOT_FOUND, '商品不存在或已下架');
      const quantity = optionalInt(fields, 'Quantity', '兑换数量', { min: 1, max: MAX_QUANTITY }) ?? 1;
      const key = requiredString(fields, 'IdempotencyKey', '兑换请求编号', 64);
      if (!isIdempotencyKey(key)) throw new BackendError(ErrorNo.BAD_INPUT, '兑换请求编号格式不正确');
      return exchangeGoods(db, member, { sn, quantity, key }, now);
    },
  },
} satisfies EndpointMap;
