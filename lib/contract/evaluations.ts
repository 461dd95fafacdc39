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
  /** The doctor's number, null for a clinic's evaluation (the embedded backend's). */
  DoctorID?: number | null;
  HasContent?: number;
  /** 0 a clinic visit, 1 an online consultation. */
  Source?: number;
}

/** TW_Evaluate/GetEvaluateRatio: the counts behind a doctor's or a clinic's 满意度. */
export interface WireEvaluateRatio {
  Total: number;
  Satisfied: number;
  Average: number;
  Dissatisfied: number;
  SatisfiedRate: number;
  Manual: number;
  System: number;
  WithContent: number;
  WithoutContent: number;
}

/** TW_Evaluate/AddRegisterEvaluate: the review of a visit, as kept. */
export interface WireVisitReview {
  EvaluateID: number;
  RegisterNo: string;
  Stars: number;
  Content: string;
  CreateTime: string;
  DoctorCode: string;
  HospitalCode: string;
}
