/**
 * Expert studios, specialties and illnesses (docs/api.md "HIS_Specialty, TW_Class, TW_Special, TW_DiseaseType").
 */

/** 1 = work result (工作成果), 2 = work dynamic (工作动态), 3 = special page (专题). */
export type SpecialType = 1 | 2 | 3;

export interface WireStudio {
  StudioID: number;
  StudioName: string;
  ClassCode: string;
  ClassName: string;
  Introduction: string;
  Image: string;
  /** The doctor's number (the embedded backend's). */
  DoctorID?: number;
  AppointmentCode: string;
  DoctorName: string;
  DoctorTitle: string;
  Department: string;
  HospitalName: string;
  PraiseRate: number;
  ServiceCount: number;
}

export interface WireSpecial {
  ID: number;
  StudioID: number | null;
  StudioName: string;
  AppointmentCode: string;
  DoctorName: string;
  SpecialType: SpecialType;
  SpecialTypeName: string;
  Title: string;
  Summary: string;
  Image: string;
  CreateTime: string;
  Content?: string;
  /** The author's number, when a doctor wrote it (the embedded backend's). */
  DoctorID?: number | null;
}

export interface WireIllness {
  ID: number;
  SpecialtyName: string;
  TypeID: number;
  TypeName: string;
  DiseaseTypeID: number;
  DiseaseTypeName: string;
  HospitalCode: string;
  HospitalName: string;
  Summary: string;
  Symptoms: string;
  Treatment: string;
  PraiseRate: number;
  ServiceCount: number;
  OtherHospitals?: { ID: number; HospitalCode: string; HospitalName: string }[];
  Departments?: string[];
  Hospitals?: { ID: number; HospitalCode: string; HospitalName: string }[];
}

/** TW_Class/GetSpeciaClass: a class of studios. */
export interface WireSpecialClass {
  ClassCode: string;
  ClassName: string;
}

/** TW_User/GetStudioMenu with a StudioID: the studio and its article kinds with their counts. */
export interface WireStudioMenu {
  Studio: WireStudio;
  Menu: { SpecialType: SpecialType; MenuName: string; Count: number }[];
}

/** TW_User/GetStudioMenu without a StudioID: a class of studios and how many it has. */
export interface WireStudioClassCount {
  ClassCode: string;
  ClassName: string;
  Count: number;
}

/** TW_DiseaseType/GetDiseaseTypeList: a kind of illness and its number of specialties. */
export interface WireDiseaseType {
  DiseaseTypeID: number;
  DiseaseTypeName: string;
  Count: number;
}

/** HIS_Specialty/GetHIS_SpecialtyConfigurationType: a type of specialty and its number of illnesses. */
export interface WireSpecialtyType {
  TypeID: number;
  TypeName: string;
  Count: number;
}
