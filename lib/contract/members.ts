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
