/**
 * Every React Query key of the site, in one place (docs/decisions.md "Client
 * reads: React Query"). Keys under `session` are one person's data (read from
 * the private `/session/...` routes): a login, a logout or a session that is
 * gone invalidates them all at once through that prefix.
 */
export const queryKeys = {
  /** Everything per-person: the prefix a login or logout invalidates. */
  session: ['session'] as const,
  /** The signed-in member of the header, or null (GET /session/me). */
  sessionMember: ['session', 'member'] as const,
  /** The member's points balance, or null for a visitor (GET /session/points). */
  memberPoints: ['session', 'points'] as const,
  /** /userIndex's member part: the profile card and the favourites (GET /session/member-home). */
  memberHome: ['session', 'member-home'] as const,
  /** /modifyInfor's member part: the values its form starts from (GET /session/member-info). */
  memberInfo: ['session', 'member-info'] as const,
  /** /dRecord/patients's member part: the member's 就诊人 (GET /session/patients). */
  patients: ['session', 'patients'] as const,
  /** The member's appointment records: all pages (what a payment or a cancel changes), and one page of a filter. */
  registrations: ['session', 'registrations'] as const,
  registrationsPage: (page: number, status: string) => ['session', 'registrations', status, page] as const,
  /** One page of the member's 积分明细 and of their 兑换记录 (GET /session/points-log, /session/exchange-records). */
  pointsLogPage: (page: number) => ['session', 'points-log', page] as const,
  exchangeRecordsPage: (page: number) => ['session', 'exchange-records', page] as const,
  /** One page of the member's 图文问诊 questions (GET /session/asks). */
  asksPage: (page: number) => ['session', 'asks', page] as const,
  /** The member's favourite codes of one kind (GET /session/favourites). */
  favourites: (kind: 'clinic' | 'doctor') => ['session', 'favourites', kind] as const,
  /** One image code (captcha) for an SMS send; never reused (GET /session/image-code). */
  imageCode: ['session', 'image-code'] as const,
  /** One doctor's 在线/离线 (GET /session/online-status). */
  onlineStatus: (doctorId: number) => ['online-status', doctorId] as const,
  /** The registration agreement's sanitized text (GET /session/agreement). */
  registerAgreement: ['agreement', 'register'] as const,
  /** The header search box's suggestions for one (trimmed, debounced) keyword (GET /search-suggestions). */
  searchSuggestions: (keyword: string) => ['search-suggestions', keyword] as const,
};
