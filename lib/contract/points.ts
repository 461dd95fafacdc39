/**
 * SPEC §7 Points and the points mall (docs/api.md "PointsMall"): goods, the exchange order and the
 * exchange records.
 */

/**
 * One line of the member's 积分明细 (PointsMall/GetPointsLog, the site's extension): a credit (a paid booking)
 * or a debit (its refund, an exchange), signed, with the balance after it.
 */
export interface WirePointsLogEntry {
  LogID: number;
  /** registration · refund · exchange */
  Kind: string;
  KindName: string;
  Points: number;
  Balance: number;
  RegisterNo: string;
  Note: string;
  CreateTime: string;
}

/** Why ExchangeGoods refused an order; sent in Result.Reason beside ErrorInfo (SPEC §8 ErrorNo -1). */
export type ExchangeRefusalReason = 'INSUFFICIENT_POINTS' | 'SOLD_OUT' | 'KEY_REUSED';

/** The Result of ExchangeGoods: the order made (or, with Repeated, the one this idempotency key had made). */
export interface WireExchangeOrder {
  OrderID: number;
  OrderNo: string;
  GoodsSN: string;
  GoodsName: string;
  Quantity: number;
  Points: number;
  Balance: number;
  CreateTime: string;
  /** True when this key had already made the order (a resubmit). */
  Repeated: boolean;
}

export interface WireGoods {
  GoodsID: number;
  GoodsSN: string;
  GoodsName: string;
  Category: string;
  Points: number;
  MarketPrice: number;
  Stock: number;
  ExchangedCount: number;
  ImageUrl: string;
  Summary: string;
  Description?: string;
}

export interface WireGoodsList {
  DataList: WireGoods[];
  TotalCount: number;
  PageIndex: number;
  PageSize: number;
  Categories: string[];
}

export interface WireExchangeRecord {
  OrderNo: string;
  GoodsSN: string;
  GoodsName: string;
  ImageUrl: string;
  Quantity: number;
  Points: number;
  Balance: number;
  Status: number;
  StatusName: string;
  CreateTime: string;
}

/** A goods SN (SPEC §7 PointsMall: SN): 1 to 32 letters and digits; /productDetails?sn= and share cards take it from a URL. */
export const GOODS_SN = /^[A-Za-z0-9]{1,32}$/;

export function isGoodsSn(sn: string): boolean {
  return GOODS_SN.test(sn);
}
