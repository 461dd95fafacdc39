/**
 * Every limit of the site in one table (docs/security.md "The limits"): what one client, one phone, one member
 * or the whole site may do in a window, and the Chinese message of a refusal. To change a limit, change its row
 * here: the throttles (lib/backend/throttles.ts), the SMS quotas (lib/backend/sms.ts), the password lock
 * (lib/backend/handlers/auth-support.ts), the hot-word queue, the booking caps (lib/backend/handlers/booking.ts)
 * and the site's own route limits (lib/security/route-limits.ts) read it, and docs/security.md's table is
 * generated from it (`npm run docs:limits`; lib/limits.test.ts fails when the doc differs).
 *
 * A leaf module: it imports nothing, so lib/backend and lib/security can both read it.
 *
 * How each is counted is the enforcer's, not the table's: `throttle` rows by rate-limiter-flexible (memory, or
 * Redis with REDIS_URL), `route` rows by the site's route limiter, `outbox` rows by SQL counts over the SMS
 * outbox and its failures, `lock` by the login attempts, `queue` by the hot-word hits, `booking` by the
 * member's registrations inside the booking's transaction, `ask` by the member's
 * questions and photos of 图文问诊 inside the question's transaction (lib/backend/handlers/ask.ts), `constitution` by
 * the member's 体质档案 records (lib/backend/handlers/constitution.ts). RATE_LIMIT_SCALE (default 1; the browser tests
 * raise it) multiplies the allowance of every `throttle` and `route` row and the SMS day quotas.
 */

/** Who a limit counts: one client (its address, an IPv6 address by its /64, or its proven device), one phone,
 * one (phone, client) pair, one SMS code, one member, or the whole site. */
export type LimitScope = 'client' | 'phone' | 'phone+client' | 'code' | 'member' | 'site';

/** Where a limit is counted (see above). */
export type LimitMechanism = 'throttle' | 'route' | 'outbox' | 'lock' | 'queue' | 'booking' | 'ask' | 'constitution';

/**
 * The window: seconds, the China day (turns at 16:00 UTC), the life of the codes counted (an SMS code lives
 * SMS_CODE_TTL_SECONDS below), or none (a standing cap, e.g. unpaid bookings held).
 */
export type LimitWindow = number | 'china-day' | 'code-life' | 'standing';

export interface Limit {
  /** What is counted, in a few words (the doc's first column). */
  rule: string;
  /** How many are allowed in the window. */
  allowance: number;
  window: LimitWindow;
  scope: LimitScope;
  mechanism: LimitMechanism;
  /** The refusal, in Chinese; `{wait}` becomes the wait, `{allowance}` the allowance. */
  message: string;
  /** An environment variable that overrides the default of the allowance or, for `smsInterval`, of the window
   * (lib/backend/settings.ts; a deployment's or the browser tests' setting). */
  env?: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** How long an SMS code can be used: the window of the wrong tries counted against the codes. */
export const SMS_CODE_TTL_SECONDS = 5 * MINUTE;

const TOO_MANY_LOGINS = '登录尝试过于频繁，请{wait}后再试，或使用短信验证码登录';

export const LIMITS = {
  // ---- password login
  /** The (phone, client) lock: five wrong passwords lock that client out of that phone; each further five double the lock (at most a day). */
  passwordLock: {
    rule: 'wrong passwords before the (phone, client) lock; each further 5 double it, at most a day',
    allowance: 5,
    window: 15 * MINUTE,
    scope: 'phone+client',
    mechanism: 'lock',
    message: '密码错误次数过多，账号已锁定，请{wait}后再试，或使用短信验证码登录',
  },
  /** Failed password logins from one client, whatever the phone (one address guessing many accounts). */
  loginClient: { rule: 'wrong passwords, whatever the phone', allowance: 20, window: 15 * MINUTE, scope: 'client', mechanism: 'throttle', message: TOO_MANY_LOGINS },
  /** Failed password logins of one phone from strangers together (many addresses guessing one account). */
  loginPhone: { rule: 'wrong passwords from strangers (a known client is never refused)', allowance: 30, window: HOUR, scope: 'phone', mechanism: 'throttle', message: TOO_MANY_LOGINS },
  /** Password login attempts over the whole site. */
  loginGlobal: { rule: 'password logins (a known client is charged, never refused)', allowance: 600, window: MINUTE, scope: 'site', mechanism: 'throttle', message: '登录人数较多，请{wait}后再试' },

  // ---- SMS codes: sending
  /** One send a minute per (phone, client): a stranger's sends do not hold up the member's. */
  smsInterval: {
    rule: 'SMS sends to one phone at one client’s request',
    allowance: 1,
    window: MINUTE,
    scope: 'phone+client',
    mechanism: 'outbox',
    message: '验证码发送过于频繁，请{wait}后再试',
    env: 'SMS_MIN_INTERVAL_SECONDS',
  },
  /** Sends a day to one phone at one client's request. */
  smsPhoneClientDay: { rule: 'SMS sends to one phone at one client’s request', allowance: 5, window: 'china-day', scope: 'phone+client', mechanism: 'outbox', message: '该手机号今日获取验证码次数已达上限，请明天再试' },
  /** Sends a day to one phone from all clients together. */
  smsPhoneDay: { rule: 'SMS sends to one phone', allowance: 20, window: 'china-day', scope: 'phone', mechanism: 'outbox', message: '该手机号今日获取验证码次数已达上限，请明天再试' },
  /** Of smsPhoneDay, what strangers together may spend: the rest is kept for clients that proved the phone. */
  smsPhoneDayStrangers: { rule: 'SMS sends to one phone at strangers’ request (the rest is kept for known clients)', allowance: 15, window: 'china-day', scope: 'phone', mechanism: 'outbox', message: '该手机号今日获取验证码次数已达上限，请明天再试' },
  /**
   * Past strangers' share of a phone's day: sends each after a proof of work, one per block of addresses (an IPv4
   * /24, an IPv6 /48), so a person on a new device still gets a code however many addresses spent the share; a
   * known client's 5 stay kept beyond them (docs/security.md "A member is never locked out by strangers").
   */
  smsPhoneDayProof: { rule: 'SMS sends to one phone past strangers’ share, each after a proof of work, one per block of addresses', allowance: 10, window: 'china-day', scope: 'phone', mechanism: 'outbox', message: '该手机号今日获取验证码次数已达上限，请明天再试' },
  /** Sends an hour at one client's request, whatever the phone. */
  smsClientHour: { rule: 'SMS sends, whatever the phone', allowance: 30, window: HOUR, scope: 'client', mechanism: 'outbox', message: '当前网络获取验证码过于频繁，请稍后再试', env: 'SMS_IP_LIMIT_PER_HOUR' },
  /** Sends from one client in 10 minutes before the numeric image code is asked (SPEC §4). */
  smsImageCodeAfter: { rule: 'SMS sends before the image code is asked', allowance: 5, window: 10 * MINUTE, scope: 'client', mechanism: 'outbox', message: '请先输入图形验证码', env: 'SMS_IMAGE_CODE_AFTER' },
  /** SMS sends requested by one client in a minute, whatever the phone. */
  smsSendClient: { rule: 'SMS send requests, whatever the phone', allowance: 10, window: MINUTE, scope: 'client', mechanism: 'throttle', message: '当前网络获取验证码过于频繁，请{wait}后再试' },
  /**
   * SMS sends to numbers never seen (no member, no code ever answered, no client that proved it) over the whole
   * site: what sending to random numbers could cost. Past it such sends need a proof of work, never a refusal; the
   * metrics and the log say so (docs/security.md "The cost of SMS to numbers never seen").
   */
  smsNewNumbers: { rule: 'SMS sends to numbers never seen (past it: a proof of work each)', allowance: 100, window: HOUR, scope: 'site', mechanism: 'throttle', message: '验证码发送繁忙，请{wait}后再试' },
  /** SMS sends over the whole site (each costs money at the gateway). */
  smsSendGlobal: { rule: 'SMS sends (a known client is charged, never refused)', allowance: 300, window: MINUTE, scope: 'site', mechanism: 'throttle', message: '验证码发送繁忙，请{wait}后再试' },

  // ---- SMS codes: checking
  /** Wrong tries of one phone's live codes allowed to one client. */
  smsWrongPerClient: { rule: 'wrong tries of one phone’s live codes', allowance: 5, window: 'code-life', scope: 'phone+client', mechanism: 'outbox', message: '验证码错误次数过多，请重新获取' },
  /** Wrong tries of one code from strangers together: past them the code is closed to strangers only. */
  smsWrongPerCode: { rule: 'strangers’ wrong tries of one code, then it is closed to strangers only', allowance: 20, window: 'code-life', scope: 'code', mechanism: 'outbox', message: '验证码错误次数过多，请重新获取' },
  /** Failed SMS code checks from one client (a wrong code, or none to check), whatever the phone. */
  smsVerifyClient: { rule: 'failed code checks, whatever the phone', allowance: 20, window: 15 * MINUTE, scope: 'client', mechanism: 'throttle', message: '验证码错误次数过多，请{wait}后再试' },
  /** SMS code checks over the whole site. */
  smsVerifyGlobal: { rule: 'code checks (a known client is charged, never refused)', allowance: 1200, window: MINUTE, scope: 'site', mechanism: 'throttle', message: '验证人数较多，请{wait}后再试' },

  // ---- image codes
  /** Image codes (RndVcodeNum) made for one client: each is a row, and a client needs one per SMS send. */
  imageCodeClient: { rule: 'image codes made by the API', allowance: 20, window: 10 * MINUTE, scope: 'client', mechanism: 'throttle', message: '图形验证码获取过于频繁，请{wait}后再试' },
  /** GET /session/image-code: one per SMS send that asks for it. */
  imageCode: { rule: 'GET /session/image-code', allowance: 20, window: 10 * MINUTE, scope: 'client', mechanism: 'route', message: '图形验证码获取过于频繁，请稍后再试' },

  // ---- registration and password reset
  /** Registrations and card activations from one client. */
  registerClient: { rule: 'registrations and card activations', allowance: 10, window: HOUR, scope: 'client', mechanism: 'throttle', message: '注册过于频繁，请{wait}后再试' },
  /** Registrations and card activations over the whole site. */
  registerGlobal: { rule: 'registrations and card activations', allowance: 300, window: MINUTE, scope: 'site', mechanism: 'throttle', message: '注册人数较多，请{wait}后再试' },
  /** Password resets from one client. */
  resetClient: { rule: 'password resets', allowance: 10, window: HOUR, scope: 'client', mechanism: 'throttle', message: '找回密码过于频繁，请{wait}后再试' },
  /** Password resets over the whole site. */
  resetGlobal: { rule: 'password resets', allowance: 300, window: MINUTE, scope: 'site', mechanism: 'throttle', message: '找回密码人数较多，请{wait}后再试' },

  // ---- search
  /** Recorded searches (the hot-word queue) from one client. */
  hotWordsClient: { rule: 'recorded searches (the hot-word queue)', allowance: 20, window: MINUTE, scope: 'client', mechanism: 'queue', message: '搜索过于频繁，请稍后再试' },
  /** Recorded searches over the whole site. */
  hotWordsGlobal: { rule: 'recorded searches (the hot-word queue)', allowance: 1200, window: MINUTE, scope: 'site', mechanism: 'throttle', message: '搜索过于频繁，请稍后再试' },
  /** GET /search-suggestions: a few a second while someone types (the box waits 200 ms between keys). */
  searchSuggestions: { rule: 'GET /search-suggestions', allowance: 120, window: MINUTE, scope: 'client', mechanism: 'route', message: '搜索建议请求过于频繁，请稍后再试' },
  /** GET /share-card/… that needs the page looked up or its card drawn (a stored card a page links is a file read, never limited: a link previewer fetches many from few addresses). */
  shareCard: { rule: 'GET /share-card/… that looks a page up or draws its card (a stored card is never refused)', allowance: 120, window: MINUTE, scope: 'client', mechanism: 'route', message: '分享图请求过于频繁，请稍后再试' },

  // ---- pages
  /**
   * Pages rendered for one client that no cache answered: a member's page, a router fetch, a search, a page or
   * query never seen. A person browsing needs a few a minute; `?x=<random>` and its kind ask for one each.
   */
  pageRender: { rule: 'page renders no cache answered (a kept page is never refused)', allowance: 240, window: MINUTE, scope: 'client', mechanism: 'route', message: '访问过于频繁，请稍后再试' },

  // ---- booking
  /** Unpaid bookings one member may hold at once (each holds a number until it is paid or lapses). */
  bookingUnpaid: { rule: 'unpaid bookings held at once', allowance: 3, window: 'standing', scope: 'member', mechanism: 'booking', message: '您已有{allowance}笔待支付的预约，请先完成支付或取消后再预约' },
  /**
   * Bookings one member may make in a China day, whatever became of them: one for each of the five 就诊人 an
   * account may have, and one change of mind. With the simulated payment a paid booking costs nothing, so
   * without it one account could hold every number of a doctor.
   */
  bookingDaily: { rule: 'bookings made online', allowance: 6, window: 'china-day', scope: 'member', mechanism: 'booking', message: '每个账号每天最多在线预约{allowance}次，今日次数已用完，请明天再试' },
  /** Bookings and reschedules of one member, from any address (one account hoarding numbers). */
  bookMember: { rule: 'bookings and reschedules, from any address', allowance: 10, window: 10 * MINUTE, scope: 'member', mechanism: 'throttle', message: '预约操作过于频繁，请{wait}后再试' },
  /** Bookings and reschedules from one client, whatever the member (many accounts from one address). */
  bookClient: { rule: 'bookings and reschedules, whatever the member', allowance: 60, window: 10 * MINUTE, scope: 'client', mechanism: 'throttle', message: '当前网络预约操作过于频繁，请{wait}后再试' },

  // ---- 就诊人
  /** Adds, edits and removals of 就诊人 by one member, from any address (an account cycling ID cards through its list). */
  patientWrite: { rule: '就诊人 adds, edits and removals', allowance: 30, window: HOUR, scope: 'member', mechanism: 'throttle', message: '就诊人信息修改过于频繁，请{wait}后再试' },
  // ---- 图文问诊 (docs/api.md "IM_AskQuestion: asking a doctor")
  /** Questions one member may ask in a China day, whatever became of them. */
  askDaily: { rule: 'questions asked (图文问诊)', allowance: 5, window: 'china-day', scope: 'member', mechanism: 'ask', message: '每个账号每天最多提交{allowance}个问诊，今日次数已用完，请明天再试' },
  /** Photos sent by one client in an hour, accepted or refused: each one is decoded and re-encoded (CPU). */
  askUploadClient: { rule: 'photos sent with questions, whatever the member', allowance: 40, window: HOUR, scope: 'client', mechanism: 'throttle', message: '当前网络上传图片过于频繁，请{wait}后再试' },
  /** Bytes of photos one member may send in a China day, as sent (before re-encoding). */
  askUploadBytesDaily: { rule: 'bytes of photos sent with questions', allowance: 64 * 1024 * 1024, window: 'china-day', scope: 'member', mechanism: 'ask', message: '今日上传图片总量已达上限，请明天再试或减少图片' },
  // ---- 体质档案 (docs/constitution.md "Keeping a result")
  /** Results one member may keep in a China day: a person retakes the questionnaire a few times at most; each record stays for good. */
  constitutionDaily: { rule: '体质档案 results kept', allowance: 10, window: 'china-day', scope: 'member', mechanism: 'constitution', message: '每个账号每天最多保存{allowance}次体质辨识结果，今日次数已用完，请明天再试' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** The names of the rows counted by one mechanism. */
type NamesOf<M extends LimitMechanism> = { [K in LimitName]: (typeof LIMITS)[K]['mechanism'] extends M ? K : never }[LimitName];
/** The throttles of lib/backend/throttles.ts. */
export type ThrottleLimitName = NamesOf<'throttle'>;
/** The site's own route limits (lib/security/route-limits.ts). */
export type RouteLimitName = NamesOf<'route'>;

/** A row's refusal with its wait (already in words, e.g. 3分钟) and allowance filled in. */
export function limitMessage(name: LimitName, wait?: string): string {
  const limit: Limit = LIMITS[name];
  return limit.message.replace('{wait}', wait ?? '').replace('{allowance}', String(limit.allowance));
}

/** The rows whose window is a number of seconds (every throttle's and route's). */
export type TimedLimitName = { [K in LimitName]: (typeof LIMITS)[K]['window'] extends number ? K : never }[LimitName];

/** A row's window in seconds. */
export function limitSeconds(name: TimedLimitName): number {
  return LIMITS[name].window;
}

const SCOPE_WORDS: Record<LimitScope, string> = {
  client: 'client',
  phone: 'phone',
  'phone+client': 'phone, client',
  code: 'one code',
  member: 'member',
  site: 'site',
};

function windowWords(window: LimitWindow): string {
  if (window === 'china-day') return 'China day';
  if (window === 'standing') return 'at once';
  if (window === 'code-life') return `while the codes live (${windowWords(SMS_CODE_TTL_SECONDS)})`;
  if (window % HOUR === 0) return window === HOUR ? '1 hour' : `${window / HOUR} hours`;
  if (window % MINUTE === 0) return window === MINUTE ? '1 minute' : `${window / MINUTE} minutes`;
  return `${window} s`;
}

/** The markers of the generated table in docs/security.md. */
export const LIMITS_DOC_BEGIN = '<!-- limits:begin (generated from lib/limits.ts by npm run docs:limits) -->';
export const LIMITS_DOC_END = '<!-- limits:end -->';

/** docs/security.md "The limits": the table as Markdown, one row per limit, in the table's order. */
export function limitsTableMarkdown(): string {
  const lines = [
    '| limit | rule | allowance | window | scope | counted by | setting | refusal |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, row] of Object.entries(LIMITS) as [LimitName, Limit][]) {
    const setting = row.env ? `\`${row.env}\`` : '';
    lines.push(`| \`${name}\` | ${row.rule} | ${row.allowance} | ${windowWords(row.window)} | ${SCOPE_WORDS[row.scope]} | ${row.mechanism} | ${setting} | ${row.message.replace('{allowance}', String(row.allowance))} |`);
  }
  return lines.join('\n');
}

/**
 * The slower path of a spent ceiling (docs/security.md "The slower path: a proof of work"): where a site-wide ceiling
 * or a block's allowance is spent, a request that carries a solved challenge passes instead of being refused. The
 * work is at most `maxNumber` SHA-256 hashes (half of it on average), times the pressure: how many allowances' worth
 * the key has been sent in its window, at most `maxFactor`. Calibrated with `npm run bench:proof` (bench/proof.md) so
 * that a person's browser solves the first step in about 1–3 s on the reference machine. A challenge lives
 * `ttlSeconds` and is good for one request.
 */
export const PROOF_OF_WORK = { maxNumber: 200_000, maxFactor: 4, ttlSeconds: 120 } as const;

/**
 * Blocks of addresses that count as one client besides each address (docs/security.md "Blocks of addresses"): the
 * per-client limits (`loginClient`, `smsSendClient`, `smsVerifyClient`, `registerClient`, `resetClient`) are also
 * counted for the block, with `factor` times the allowance. One subscriber holds an IPv6 /48 (2^16 /64s) and a
 * provider hands out /24s of IPv4, so without them an attacker with one block has thousands of fresh allowances.
 * A spent block asks for the proof of work, never refuses: many people share a block (a campus, a carrier's NAT).
 */
export const ADDRESS_BLOCKS = [
  { family: 4, prefix: 24, factor: 8 },
  { family: 6, prefix: 48, factor: 8 },
  { family: 6, prefix: 24, factor: 64 },
] as const;

/**
 * The photos a 图文问诊 question may carry (docs/security.md "Uploads"): lib/validation/ask-rules.ts (the form and
 * the action), lib/backend/ask-photos.ts and the body limits below read them.
 */
export const ASK_PHOTOS = { maxCount: 4, maxBytes: 8 * 1024 * 1024 } as const;

/** Room beside the photos of one upload for its text fields and multipart framing. */
const UPLOAD_FIELDS_BYTES = 256 * 1024;

/**
 * The largest request body each kind of path takes (docs/security.md "Request bodies"), checked by the Node
 * server before Next reads a body (lib/security/request-guard.ts) and again by the action check of proxy.ts
 * (lib/security/action-request.ts): the embedded backend's calls 256 KB, a page's server action 1 MB (Next's
 * limit), and the one page and the one call that take photos (/ask and IM_AskQuestion/AskQuestion) the photos
 * plus their fields. next.config.mjs's serverActions.bodySizeLimit and nginx's client_max_body_size (34 MB) sit
 * above the largest; lib/limits.test.ts holds them to it.
 */
export const BODY_LIMITS = {
  api: 256 * 1024,
  action: 1024 * 1024,
  upload: ASK_PHOTOS.maxCount * ASK_PHOTOS.maxBytes + UPLOAD_FIELDS_BYTES,
} as const;

/** The paths whose bodies may carry photos: the 图文问诊 page (its server action) and the backend's call. */
const UPLOAD_PATHS = ['/ask', '/api/IM_AskQuestion/AskQuestion'];

/** The body limit of a request's URL (path and query, as Node's request.url has it). */
export function bodyLimitOf(url: string): number {
  const path = url.split('?')[0] ?? '';
  if (UPLOAD_PATHS.includes(path)) return BODY_LIMITS.upload;
  return path.startsWith('/api/') ? BODY_LIMITS.api : BODY_LIMITS.action;
}
