/**
 * SPEC §7 evaluations (docs/api.md "TW_Evaluate"): one review of a doctor or a clinic.
 */

export interface WireEvaluation {
  EvaluateID: number;
  DoctorName: string;
  AppointmentCode: string;
  HospitalCode: string;
  HospitalName: string;
  MemberName: string;
  Satisfaction: 1 | 2 | 3;
  SatisfactionName: string;
  EvaluateType: number;
  Content: string;
  Tags: string;
  CreateTime: string;
  Stars?: number;
  Verified?: number;
}
