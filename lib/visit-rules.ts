/**
 * The rules and words of a visit, each written once (docs/architecture.md "Where each rule is written"):
 * the cancel and reschedule cut-off, and the 就诊须知. The embedded backend enforces the cut-off
 * (lib/backend/settings.ts reads it here; handlers/register.ts cancelAllowed) and its refusals say it in these
 * words; the booking page, the appointment page, the .ics and the reminder SMS show the 就诊须知 from here.
 *
 * A leaf module: it imports nothing, so lib/backend and the pages can both read it.
 */

/** How long before its period starts a paid booking can still be cancelled or rescheduled online. */
export const CANCEL_CUTOFF = {
  /** The default; BOOKING_CANCEL_CUTOFF_MINUTES overrides it for a deployment (README "Environment"). */
  defaultMinutes: 120,
  env: 'BOOKING_CANCEL_CUTOFF_MINUTES',
} as const;

/** The cut-off in force: the environment's when it is a positive whole number, else the default. */
export function cancelCutoffMinutes(env: Record<string, string | undefined> = process.env): number {
  const raw = env[CANCEL_CUTOFF.env];
  const n = raw && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : CANCEL_CUTOFF.defaultMinutes;
}

/** 120 → "2小时", 90 → "90分钟". */
export function cutoffText(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60}小时` : `${minutes}分钟`;
}

/** How early a patient is asked to arrive, in minutes. */
export const ARRIVE_EARLY_MINUTES = 15;

/** The 就诊须知 of the appointment page, in order; `clinic` names where to arrive. */
export function visitNotice(clinic: string): string[] {
  return [
    `请至少提前${ARRIVE_EARLY_MINUTES}分钟到达${clinic}，到分诊台凭预约单号或就诊人身份证报到。`,
    '请携带就诊人身份证或医保卡（社保卡）；复诊请带上既往病历、检查报告和正在服用的药物。',
    '中医望诊需观察舌苔，就诊前请勿进食有色食物、刮舌苔，女士请勿化浓妆。',
    '未按时就诊且未取消的预约将记为爽约。如有发热、咳嗽等症状，请佩戴口罩并主动告知分诊护士。',
  ];
}

/** The 就诊须知 in one sentence, where there is room for one only (the reminder SMS, the .ics). */
export const VISIT_NOTICE_SHORT = `请至少提前${ARRIVE_EARLY_MINUTES}分钟到达，携带就诊人身份证或医保卡。`;

/** The booking page's line under the form: when a booking can still be changed online. */
export function cancelPolicyText(minutes: number): string {
  return `挂号费在线支付后预约生效；就诊前${cutoffText(minutes)}可在预约详情中取消或改约，已付费用原路退回。`;
}
