/**
 * SPEC §7 online consultation (docs/api.md "IM_InterrogationOrder, IM_AskQuestion (online)"): one question
 * and its answer.
 */

export interface WireQuestion {
  /** The question's number (the embedded backend's). */
  QuestionID?: number;
  AppointmentCode: string;
  DoctorID: number;
  DoctorCode: string;
  DoctorName: string;
  DoctorTitle: string;
  Department: string;
  AskerName: string;
  Title: string;
  Content: string;
  QuestionType: number;
  IsReply: number;
  ReplyContent: string;
  Views: number;
  CreateTime: string;
  ReplyTime: string | null;
}

/** A photo of the member's own question (IM_AskQuestion/GetMyAskQuestion); its bytes come from GetAskPhoto. */
export interface WireAskPhoto {
  PhotoID: number;
  Width: number;
  Height: number;
}

/**
 * A question the member asked on the site (docs/api.md "IM_AskQuestion: asking a doctor"). Status: 4 待支付,
 * 5 已过期, 0 待回复, 1 已回复, 2 已退款, 3 已评价, 6 退款中.
 */
export interface WireAsk {
  AskNo: string;
  DoctorID: number;
  DoctorCode: string;
  DoctorName: string;
  DoctorTitle: string;
  Department: string;
  HospitalName: string;
  PatientName: string;
  Content: string;
  Duration: string;
  SeenDoctor: number;
  IsPrivate: number;
  /** Yuan to the fen: what the member pays (and is refunded), the doctor's fee at the holder's card level. */
  Fee: number;
  /** The doctor's 图文问诊 fee before the member's discount. */
  ListFee: number;
  /** e.g. "金卡 8.5折"; '' when no discount applies. */
  DiscountLabel: string;
  Status: number;
  StatusName: string;
  CreateTime: string;
  PayDeadline: string;
  PaidTime: string | null;
  Answer: string | null;
  AnswerTime: string | null;
  FollowUp: string | null;
  FollowUpTime: string | null;
  FollowUpAnswer: string | null;
  FollowUpAnswerTime: string | null;
  /** Until when the one follow-up may be asked (answer + 72 h), or null when it cannot (any more). */
  FollowUpUntil: string | null;
  Satisfaction: number | null;
  RatingWords: string | null;
  RefundTime: string | null;
  /** The public question's code (GetIM_AskQuestionDetailByDoctorCode) once a public question is answered. */
  PublicCode: string | null;
  Photos: WireAskPhoto[];
  /** The payment provider's name ('simulated': the pay button says 模拟支付). */
  PayChannel: string;
  /** Only in AskQuestion's answer: this idempotency key had already made the question (a resubmit). */
  Repeated?: boolean;
}

/** IM_AskQuestion/GetAskPhoto: one photo of the member's own question, base64. */
export interface WireAskPhotoData {
  PhotoID: number;
  ContentType: string;
  Data: string;
}

/** IM_InterrogationOrder/DoctorIsOnline: whether a doctor answers online now (IsOnline 1). */
export interface WireOnlineState {
  DoctorID: number;
  IsOnline: number;
}
