/**
 * SPEC §7 Member services (docs/api.md "Member services: wire contract"): the member, their 就诊人,
 * collections, levels and rights, and the agreements they accept.
 */

export interface WireMember {
  VipCode: string;
  VipName: string;
  Phone: string;
  CardNo: string;
  LevelID: number;
  LevelName: string;
  Points: number;
  Birthday: string;
  Sex: number;
  IDCard: string;
  Email: string;
  Address: string;
  CreateTime: string;
}

export interface WirePatient {
  PatientID: number;
  Name: string;
  Relation: string;
  IDCard: string;
  Phone: string;
  Sex: number;
  Birthday: string;
  Age: number;
  IsSelf: number;
  CanRemove: number;
}

export type WireToggle = { ReturnObject: { IsCollected: number; CollectCount: number } };

export interface WireLevel {
  Level: number;
  LevelName: string;
  ThresholdPoints: number;
  Discount: string;
  Summary: string;
  Color: string;
}

export interface WireRight {
  RightsID: number;
  Title: string;
  Icon: string;
  Summary: string;
  Content?: string;
  Levels: { Level: number; LevelName: string; Benefit: string }[];
}

export interface WireAgreement {
  AgreementID: number;
  Code: string;
  Title: string;
  Summary: string;
  UpdateTime: string;
  Content?: string;
}

/** VIP_Member/GetSysMemberRightsList: the rights and the card levels they differ by. */
export interface WireRightsList {
  DataList: WireRight[];
  TotalCount: number;
  CardLevels: WireLevel[];
}

/** HIS_Register/GetPatientList: the member's patients, how many they may keep, and whether their own ID card is on file. */
export interface WirePatientList {
  DataList: WirePatient[];
  MaxCount: number;
  SelfIDCardOnFile: number;
}

/** WX_OrgCollectionClent/GetOrgCollection: whether one code is collected (IsCollected 1). */
export interface WireCollectedState {
  Code: string;
  IsCollected: number;
}

/** WX_OrgCollectionClent/GetVipCodeOrgCollection: a collected clinic. */
export interface WireFavouriteClinic {
  HospitalCode: string;
  HospitalName: string;
  Address: string;
  CollectTime: string;
}

/** WX_DoctorCollectionClent/GetDoctorCollection: a collected doctor. */
export interface WireFavouriteDoctor {
  AppointmentCode: string;
  DoctorName: string;
  DoctorTitle: string;
  HospitalName: string;
  Avatar: string;
  CollectTime: string;
}

/** HIS_Register/DeletePatient: the patient removed. */
export interface WirePatientDeleted {
  PatientID: number;
  Deleted: boolean;
}
