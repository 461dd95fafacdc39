/**
 * SPEC §7 Hospitals and departments (docs/api.md "TW_Org"): a clinic (org) and a department.
 */

export interface WireOrg {
  /** The clinic's number (the embedded backend's). */
  HospitalID?: number;
  HospitalCode: string;
  HospitalName: string;
  ProvinceID: number;
  ProvinceName: string;
  CityName: string;
  Address: string;
  Phone: string;
  OpenHours: string;
  Lat: number;
  Lng: number;
  Image: string;
  Introduction: string;
  Traffic: string;
  SaleTypeID?: number;
  SaleTypeName: string;
  CollectCount: number;
  DoctorCount: number;
  /** km from the Lat/Lng sent (GetOrgList), else null. */
  Distance?: number | null;
}

export interface WireDepartment {
  Name: string;
  Introduction: string;
  DoctorCount: number;
  ClinicCount: number;
  Clinics?: { HospitalCode: string; HospitalName: string; CityName: string; ProvinceID: number; DoctorCount: number }[];
  Illnesses?: { ID: number; SpecialtyName: string; DoctorCount: number }[];
}

/** TW_Org/GetSaleType: a clinic type of the list's filter. */
export interface WireSaleType {
  SaleTypeID: number;
  SaleTypeName: string;
}

/** TW_Org/GetOrgEnvironmentImage: a photo of a clinic. */
export interface WireOrgImage {
  ImageID: number;
  ImageUrl: string;
  Title: string;
}
