/** Shapes shared by the overlays and their server actions. */
export interface MemberCardView {
  cardNo: string;
  holderName: string;
  levelName: string;
  points: number;
  orgName: string;
  issueDate: string;
}

/** What a server action answers: never a thrown error at the UI (STYLE.md §5). */
export type ActionResult<T extends object = object> =
  | ({ ok: true } & T)
  | {
      ok: false;
      message: string;
      errorNo?: number;
      /** SendSmsVerifyCode asked for the numeric image code first. */
      needImageCode?: boolean;
    };

export interface SessionMember {
  name: string;
  levelName: string;
  vipCode: string;
}
