/**
 * Business constants and limits of SPEC §9, with the wire values the API expects.
 * Everything else in the app reads these; no magic numbers elsewhere.
 */

/** SPEC §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 8000;
/** SPEC §9: retry count (reads only, ARCHITECTURE "The contract client"). */
export const RETRY_COUNT = 3;
/** SPEC §9: how long a message (toast) stays. */
export const MESSAGE_DURATION_MS = 5000;
/** SPEC §9 / §7: the help list is read in one page of 1000. */
export const HELP_LIST_PAGE_SIZE = 1000;
/** SPEC §7: help items are news type 30. */
export const HELP_NEWS_TYPE = 30;
/** SPEC §9 / §3: default province 215, 云南. */
export const DEFAULT_PROVINCE = { id: 215, name: '云南' } as const;
/** SPEC §9: scroll-to-top animation. */
export const SCROLL_TO_TOP_MS = 500;
/** SPEC §9 / §4: redirect to / after logout. */
export const LOGOUT_REDIRECT_MS = 1000;
/** SPEC §9 / §4: redirect to / when a login-required page is opened without a session. */
export const LOGIN_REQUIRED_REDIRECT_MS = 2000;
/** SPEC §9: distances under 1 (km) are shown in meters. */
export const METERS_THRESHOLD_KM = 1;
/** SPEC §9: point values of 10000 or more are shown in 万. */
export const WAN_THRESHOLD = 10000;
/** SPEC §9: sidebar width. */
export const SIDEBAR_WIDTH_PX = 210;
/** Default page size of public lists. */
export const DEFAULT_PAGE_SIZE = 10;
/** SPEC §4: the WeChat in-progress flag clears after 15 s, or 10 s on failure. */
export const WECHAT_LOGIN_FLAG_MS = 15000;
export const WECHAT_LOGIN_FAILURE_FLAG_MS = 10000;
/** SPEC §8: 4029 three times within 2 s resets the session. */
export const RATE_LIMIT_RESET_COUNT = 3;
export const RATE_LIMIT_RESET_WINDOW_MS = 2000;

export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/** SPEC §9: list sort options (doctor lists). `value` is the URL and wire value. */
export const DOCTOR_SORTS = [
  { value: 'default', label: '默认' },
  { value: 'praise', label: '好评' },
  { value: 'services', label: '服务' },
  { value: 'fans', label: '粉丝' },
] as const satisfies readonly Option[];

/** SPEC §9: symptom lists sort by Default, Praise, Services. */
export const SYMPTOM_SORTS = [
  { value: 'default', label: '默认' },
  { value: 'praise', label: '好评' },
  { value: 'services', label: '服务' },
] as const satisfies readonly Option[];

/** SPEC §9: the specialty list sorts by Specialty, Praise, Services. */
export const SPECIALTY_SORTS = [
  { value: 'specialty', label: '专科' },
  { value: 'praise', label: '好评' },
  { value: 'services', label: '服务' },
] as const satisfies readonly Option[];

export type DoctorSort = (typeof DOCTOR_SORTS)[number]['value'];
export type SymptomSort = (typeof SYMPTOM_SORTS)[number]['value'];
export type SpecialtySort = (typeof SPECIALTY_SORTS)[number]['value'];

/** SPEC §9: question type filter: all (empty), public (0), private (1). */
export const QUESTION_TYPES = [
  { value: '', label: '全部' },
  { value: '0', label: '公开' },
  { value: '1', label: '私密' },
] as const satisfies readonly Option[];

/** SPEC §9: reply filter: all, replied (1), not replied (0). */
export const REPLY_FILTERS = [
  { value: '', label: '全部' },
  { value: '1', label: '已回复' },
  { value: '0', label: '未回复' },
] as const satisfies readonly Option[];

/** SPEC §9: satisfaction filter: all, satisfied (1), average (2), dissatisfied (3). */
export const SATISFACTION_FILTERS = [
  { value: '', label: '全部' },
  { value: '1', label: '满意' },
  { value: '2', label: '一般' },
  { value: '3', label: '不满意' },
] as const satisfies readonly Option[];

/** SPEC §9: evaluation type: all, manual (0), system (1). */
export const EVALUATION_TYPES = [
  { value: '', label: '全部' },
  { value: '0', label: '人工' },
  { value: '1', label: '系统' },
] as const satisfies readonly Option[];

/** SPEC §9: evaluation content: all, has content (1), no content (0). */
export const EVALUATION_CONTENT_FILTERS = [
  { value: '', label: '全部' },
  { value: '1', label: '有内容' },
  { value: '0', label: '无内容' },
] as const satisfies readonly Option[];

/** Narrows an untrusted value (a URL parameter) to one of the options, else the first. */
export function pickOption<const O extends readonly Option[]>(
  options: O,
  value: unknown,
): O[number]['value'] {
  const found = options.find((o) => o.value === value);
  return (found ?? options[0]!).value;
}
