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
