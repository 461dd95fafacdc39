/**
 * DD_DataBaseClient/GetPriceList, the site's extension (docs/api.md): the published prices and the
 * registration fee of each doctor's title.
 */

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
