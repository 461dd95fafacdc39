/** Shapes shared by the overlays and their server actions. */
export interface MemberCardView {
  cardNo: string;
  holderName: string;
  levelName: string;
  points: number;
  orgName: string;
  issueDate: string;
}

export interface SessionMember {
  name: string;
  levelName: string;
  vipCode: string;
}
