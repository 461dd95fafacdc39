/**
 * The development aids' answers (docs/api.md "Dev"): only with DEV aids on, never in production.
 */

/** Dev/FailNext: the path whose next call fails. */
export interface WireDevFailNext {
  Path: string;
}

/** Dev/SpendCeiling: the site-wide ceiling spent, for calls about that phone only. */
export interface WireDevSpentCeiling {
  Name: string;
  Phone: string;
}

/** Dev/GetSmsOutbox: the last SMS code sent to a phone (times in seconds since the epoch). */
export interface WireDevSmsCode {
  Phone: string;
  Code: string;
  Purpose: string;
  CreateTime: number;
  ExpireTime: number;
}

/** Dev/IssueCard: a fresh offline card. */
export interface WireDevCard {
  CardNo: string;
  Phone: string;
}

/** Dev/GetRefreshCount: how many refreshes a member's tokens saw. */
export interface WireDevRefreshCount {
  Phone: string;
  RefreshCount: number;
}

/** Dev/WechatAuthorize: a WeChat authorization code as the WeChat host would hand it out. */
export interface WireDevWechatCode {
  Code: string;
  OpenID: string;
  ExpiresIn: number;
}

/** Dev/FillSlot: the slot's numbers left after the front desk took the rest. */
export interface WireDevFilledSlot {
  ScheduleID: string;
  Remaining: number;
}

/** Dev/MarkVisited: the booking marked 已就诊. */
export interface WireDevVisited {
  RegisterNo: string;
  Status: number;
  StatusName: string;
}

/** Dev/GetSmsNotices: one notice (reminder) in the SMS outbox. */
export interface WireDevSmsNotice {
  ID: number;
  Phone: string;
  Kind: string;
  RegisterNo: string;
  Text: string;
  CreateTime: string;
}

/** Dev/AnswerQuestion: the question answered, and whether the answer was to the question or its follow-up. */
export interface WireDevAnswered {
  AskNo: string;
  Answered: 'question' | 'followUp';
}
