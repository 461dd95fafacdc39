/**
 * The wire shapes of the SPEC §7 contract that both sides of it spell out: lib/api reads them, lib/backend
 * writes them. Types only (no code), so either side may import it without importing the other
 * (docs/architecture.md). Field names are the wire's own (PascalCase, as the upstream host sends them);
 * they stop at lib/api, which reshapes them into the app's types.
 */

/** Every answer of the API (SPEC §7): ErrorNo 1 is success, anything else an error of SPEC §8. */
export interface Envelope<T = unknown> {
  ErrorNo: number;
  ErrorInfo: string;
  Result: T;
}

/** The Result of every paged list. */
export interface WireList<T> {
  DataList: T[];
  TotalCount: number;
  PageIndex: number;
  PageSize: number;
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

/** A news item's columns (News/GetNewList, News/GetNewDetail), as the embedded backend stores them. */
export interface WireNewsRow {
  ID: number;
  Type: number;
  ClassID: number;
  Title: string;
  Summary: string;
  Content?: string;
  Image: string;
  VideoUrl: string;
  /** A video's length in seconds (0 for every other type; migration 111). */
  Duration?: number;
  Author: string;
  Source: string;
  ProvinceID: number;
  PublishTime: string;
  Year: number;
  Views: number;
  IsTop: number;
}

/** A news item on the wire: its columns, the type's name, and a help item's group. */
export interface WireNews extends WireNewsRow {
  TypeName: string;
  GroupName?: string;
}

/** One published price (DD_DataBaseClient/GetPriceList, the site's extension): yuan, two decimals at most. */
export interface WirePriceItem {
  ItemID: number;
  Category: string;
  Name: string;
  Unit: string;
  Price: number;
  Note: string;
}

/** The registration fee of a doctor's title, from the doctors' own fees (lowest and highest, yuan). */
export interface WireRegisterFee {
  Title: string;
  MinFee: number;
  MaxFee: number;
  DoctorCount: number;
}

/** The Result of DD_DataBaseClient/GetPriceList. */
export interface WirePriceList {
  DataList: WirePriceItem[];
  TotalCount: number;
  RegisterFees: WireRegisterFee[];
}
