/**
 * Who keeps a 体质档案 (docs/constitution.md "Who gets what"): the member-rights table (VIP_Member
 * GetSysMemberRightsList, right 健康档案) gives 就诊记录查询 at 普卡 and 就诊记录与体质档案 from 银卡 up, so a
 * result is kept for a member of level 2 (银卡) or higher. Anyone, member or not, may take the questionnaire
 * and read the result. The embedded backend refuses a lower level's AddRecord from this rule, the pages say it
 * from it, and a test holds the seeded rights text to it.
 */
export const ARCHIVE_MIN_LEVEL = 2;
export const ARCHIVE_MIN_LEVEL_NAME = '银卡';

/** Whether a member of this card level (1 普卡 … 4 钻石卡) keeps results in a 体质档案. */
export function keepsArchive(level: number): boolean {
  return level >= ARCHIVE_MIN_LEVEL;
}

/** The rule in one sentence, as the pages and the refusal say it. */
export const ARCHIVE_RULE_TEXT = `体质档案为${ARCHIVE_MIN_LEVEL_NAME}及以上会员权益：登录后可将辨识结果保存到档案，随时查看历次结果与变化。`;

/** The refusal of a member below the level. */
export const ARCHIVE_LEVEL_REFUSAL = `体质档案为${ARCHIVE_MIN_LEVEL_NAME}及以上会员权益，您当前的会员等级暂不能保存；辨识结果仍可在本页查看。`;
