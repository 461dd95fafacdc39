/**
 * The news types of GetNewList / GetNewDetail (SPEC §7 News), shared by the
 * embedded backend's seed and lib/api. A plain helper: it imports nothing, so
 * lib/backend and lib/api may both use it without importing each other.
 * docs/api.md documents the numbers.
 */
export const NEWS_TYPES = {
  /** 圣爱动态: /trendsInfor */
  news: 1,
  /** 企业文化: /culturelist */
  culture: 2,
  /** 圣爱成长: /saGrowingup */
  growingUp: 3,
  /** 圣爱视频: /savideo */
  video: 4,
  /** 圣爱荣誉: /saGlory */
  glory: 5,
  /** 公益活动: /foundcutr0068 */
  charityActivity: 6,
  /** 健康科普: /foundcutr0145 */
  healthScience: 7,
  /** 通知公告 (charity notices): /foundcutr0069 */
  charityNotice: 8,
  /** 公益项目: /foundationlist */
  charityProject: 9,
  /** SPEC §7: help items (帮助中心), read with page 1, size 1000. */
  help: 30,
} as const;

export type NewsTypeName = keyof typeof NEWS_TYPES;
export type NewsType = (typeof NEWS_TYPES)[NewsTypeName];

export const NEWS_TYPE_LABELS: Record<NewsType, string> = {
  1: '圣爱动态',
  2: '企业文化',
  3: '圣爱成长',
  4: '圣爱视频',
  5: '圣爱荣誉',
  6: '公益活动',
  7: '健康科普',
  8: '通知公告',
  9: '公益项目',
  30: '帮助中心',
};

export function isNewsType(value: number): value is NewsType {
  return Object.values(NEWS_TYPES).includes(value as NewsType);
}

/**
 * SPEC §3: each help item is given its route by position. The rule here: help
 * items carry a group number (the wire's ClassID) and come ordered by group,
 * then by their sort order. Group 1 is the first help page, 2 the second and
 * 3 the third, in this order.
 */
export const HELP_GROUPS = [
  { classId: 1, label: '挂号问题', route: 'registrationQuestion' },
  { classId: 2, label: '会员问题', route: 'membershipIssues' },
  { classId: 3, label: '其他问题', route: 'otherQuestions' },
] as const;

export type HelpRoute = (typeof HELP_GROUPS)[number]['route'];

/** Kinds of carousel and banner slides (GetIndexCarouse, GetNewsCarouse, GetNewsBanner). */
export const SLIDE_KINDS = ['index', 'news', 'banner'] as const;
export type SlideKind = (typeof SLIDE_KINDS)[number];

/**
 * Banner places for GetNewsBanner's `Place` field: the page whose header shows it.
 * 'about' is the about-us banner image of SPEC §2.
 */
export const BANNER_PLACES = ['news', 'about', 'charity', 'help', 'culture'] as const;
export type BannerPlace = (typeof BANNER_PLACES)[number];
