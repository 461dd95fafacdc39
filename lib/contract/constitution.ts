/**
 * TW_Constitution (the site's extension of SPEC §7, docs/api.md "TW_Constitution"): a member's 体质档案, the
 * results of the 中医体质辨识 questionnaire (docs/constitution.md) kept with their time.
 */

/** One type's 转化分 and judgement in a record. */
export interface WireConstitutionScore {
  /** pinghe, qixu, yangxu, yinxu, tanshi, shire, xueyu, qiyu, tebing. */
  Type: string;
  Name: string;
  /** 转化分, 0–100, exact (not rounded). */
  Score: number;
  /** 是, 基本是 (平和质 only), 倾向是 (biased types only) or 否. */
  Judgement: string;
}

/** One kept result (AddRecord's answer, GetRecordList's rows). */
export interface WireConstitutionRecord {
  RecordID: number;
  /** The instant it was kept (ISO with zone). */
  CreateTime: string;
  /** SPEC §5: 1 male, 0 female. */
  Sex: number;
  Scores: WireConstitutionScore[];
  /** The main type ('' when none reaches its mark). */
  Main: string;
  Summary: string;
}

/** The answers as AddRecord takes them: one digit 1–5 per question of that sex, in the form's order (60). */
export const CONSTITUTION_ANSWERS = /^[1-5]{60}$/;

/** TW_Constitution/GetRecordList: the member's kept results, and whether one more may be kept (CanKeep 1). */
export interface WireConstitutionRecords {
  DataList: WireConstitutionRecord[];
  TotalCount: number;
  CanKeep: number;
}
