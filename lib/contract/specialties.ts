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
