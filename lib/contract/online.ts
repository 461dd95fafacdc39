/**
 * SPEC §7 online consultation (docs/api.md "IM_InterrogationOrder, IM_AskQuestion (online)"): one question
 * and its answer.
 */

export interface WireQuestion {
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
