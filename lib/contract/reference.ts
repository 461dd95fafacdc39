/**
 * SPEC §7 reference data (docs/api.md "TW_Org", "DD_DataBaseClient"): provinces, cities, shifts and insurance kinds.
 */

export interface WireProvince {
  ProvinceID: number;
  ProvinceName: string;
  HospitalCount: number;
  IsDefault: number;
}

export interface WireShift {
  ShiftID: number;
  ShiftName: string;
  StartTime: string;
  EndTime: string;
}

export interface WireInsurance {
  InsuranceID: number;
  InsuranceName: string;
  Remark: string;
}

export interface WireCity {
  ProvinceID: number;
  ProvinceName: string;
  CityName: string;
  Lat: number;
  Lng: number;
}

/** TW_HotWords/GetHotWordsList: a searched word, its hits, and whether the site recommends it. */
export interface WireHotWord {
  Word: string;
  Hits: number;
  IsRecommend: number;
}

/** TW_User/GetUserNums: one of the group's figures on the home page. */
export interface WireUserNum {
  Key: string;
  Label: string;
  Value: number;
  Unit: string;
}

/** TW_User/GetStyleDisplay: the home page's switches (GrayMode greys the site on days of mourning). */
export interface WireStyleDisplay {
  GrayMode: boolean;
  ShowMatrix: boolean;
  ShowCharity: boolean;
  Slogan: string;
}

/** TW_User/GetThirdAppInfo: one of the group's apps and mini programs. */
export interface WireThirdApp {
  ID: number;
  Name: string;
  Description: string;
  QrImage: string;
  Link: string;
}

/** TW_HotWords/InsertHotWords: the searched word as the queue keeps it. */
export interface WireHotWordHit {
  ID: number;
  Word: string;
  Hits: number;
}
