/**
 * What each page's HTML varies by besides its path and query: one declaration that every cache reads
 * (docs/decisions.md "One declaration of what a page varies by").
 * - The whole-page cache (lib/page-cache/policy.ts) keys a page by these inputs and hands its one render
 *   nothing else; lib/page-cache/serve.ts lets nginx keep a page only when nginx keyed it the same way.
 * - nginx's micro-cache (deploy/nginx/shengai.conf.template) keys and bypasses by them: lib/page-vary.test.ts
 *   reads the config and fails when a location, key or bypass disagrees with this declaration.
 * - Next's data cache (lib/api/cache.ts) keys each read by its arguments, never by a request's cookie or
 *   address, and holds no member data: a page passes what it read (the province id) as an argument.
 * A page that starts to read a cookie or the client's address adds a rule here, and the test says which
 * nginx lines to add.
 */
import { ADDRESS_COOKIE } from '@/lib/address-cookie';
import { ELDER_COOKIE, ELDER_ON } from '@/lib/elder-mode';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@/lib/session/cookies';

export interface VaryCookie {
  name: string;
  /** The values the page reads; anything else counts as no cookie (and keys as none). */
  value: RegExp;
}

export interface PageVaryRule {
  /** The pages: a path pattern in the regex syntax JavaScript and nginx (PCRE) share, matched whole. */
  path: string;
  /** Cookies the page reads while rendering. */
  cookies: readonly VaryCookie[];
  /** The page reads the client's address, only through where it is (lib/page-cache/place.ts): keyed by place. */
  clientAddress: 'place' | null;
}

/**
 * Cookies that make the page the member's own (SPEC §2, §4): a request with one is answered by no cache,
 * whatever the page (a few public pages show the member's balance or messages when rendered for them).
 */
export const SESSION_COOKIES: readonly string[] = [ACCESS_COOKIE, REFRESH_COOKIE];

/**
 * A page varies by the query parameters it reads (PAGE_QUERY) and by no other: the page cache keys and renders a
 * page with those alone (`pageQuery`), so `?utm_source=<random>` or `?x=<random>` costs no render (docs/security.md
 * "Abuse from many clients": 8 connections of one client made another visitor's cached page 20 times slower).
 * nginx keeps no answer to a request whose query held anything else (lib/page-cache/serve.ts sends it no
 * X-Accel-Expires; the marks of TRACKING_PARAMS it already bypasses by name), so its key never grows with them.
 */
export const QUERY_VARY = 'the parameters the page reads' as const;

/** The query parameters no page reads that links carry for analytics: `utm_` starts a family. */
export const TRACKING_PARAMS: readonly string[] = ['utm_', 'from', 'spm', 'fbclid', 'gclid', 'msclkid', 'isappinstalled', 'nsukey'];

/** Whether a query parameter's name is a tracking mark (TRACKING_PARAMS; `utm_` and anything after it). */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.some((t) => (t.endsWith('_') ? lower.startsWith(t) : lower === t));
}

export interface PageQueryRule {
  /** The pages: a path pattern in the regex syntax JavaScript and nginx share, matched whole (as PAGE_VARY). */
  path: string;
  /** The parameters the page (its metadata, its loaders) reads from its searchParams; `any`: the whole query. */
  params: readonly string[] | 'any';
}

/**
 * The query parameters each page reads (SPEC §2 names them with the routes). lib/page-vary.test.ts reads every
 * page.tsx and the modules it imports and fails when a page reads a parameter that is not listed here, lists one it
 * does not read, or has no rule: a page that starts to read one is declared here, or its value never reaches a
 * cached render. A page without a rule reads none.
 */
export const PAGE_QUERY: readonly PageQueryRule[] = [
  { path: '/', params: [] },
  // Care: doctors, clinics, online consultation, booking.
  { path: '/CloudIMClient/OnlineExpert/Index', params: ['page', 'sort'] },
  { path: '/OnlineQuestjudgeList/[^/]+', params: ['content', 'etype', 'page', 'sat'] },
  { path: '/ask', params: ['doctor'] },
  { path: '/booking', params: ['slot'] },
  // `dept` is read to refuse it: a department page is its department.
  { path: '/department/[^/]+', params: ['clinic', 'date', 'dept', 'online', 'page', 'sort', 'title'] },
  { path: '/doctordetail/[^/]+', params: ['content', 'etype', 'page', 'sat'] },
  { path: '/doctorlist(?:/.*)?', params: ['clinic', 'date', 'dept', 'lat', 'lng', 'online', 'page', 'q', 'sort', 'title'] },
  { path: '/hospitalEvaluateAll', params: ['clinic', 'content', 'etype', 'page', 'sat'] },
  { path: '/hospitaldetail/[^/]+', params: ['content', 'etype', 'page', 'sat'] },
  { path: '/hospitallist(?:/.*)?', params: ['lat', 'lng', 'page', 'q', 'sort', 'type'] },
  { path: '/onlinequestionslist', params: ['page', 'q', 'reply', 'type'] },
  { path: '/onlinequestionslistall/[^/]+', params: ['page', 'reply', 'type'] },
  // The member's pages (cached only as the kept shells of lib/routes.ts MEMBER_SHELL_PATHS; listed so that the
  // declaration is whole).
  { path: '/(?:customerComplaints|customerMessage)', params: ['page'] },
  { path: '/dRecord/(?:consultation|exchange|points)', params: ['page'] },
  // A kept shell: its island reads `next` in the browser (components/booking/patients-part.tsx), so no render does.
  { path: '/dRecord/patients', params: [] },
  { path: '/dRecord/registration', params: ['page', 'status'] },
  { path: '/(?:integralChage|onlineMall)', params: ['category', 'page', 'sort'] },
  { path: '/productDetails', params: ['sn'] },
  { path: '/serviceRulesDetail', params: ['id'] },
  // News, the group, its foundation.
  { path: '/(?:Growingupdetail|cultureDetail|videoDetail|foundationdetail|healthSciencedetail|noticedetail)', params: ['id'] },
  { path: '/newtdetail/.+', params: ['id'] },
  { path: '/aboutHospital', params: ['jobChannel', 'jobPage', 'jobType'] },
  { path: '/(?:culturelist|saGlory|saGrowingup|savideo|trendsInfor|foundationlist|foundcutr0068|foundcutr0069|foundcutr0145)', params: ['page', 'province', 'year'] },
  { path: '/systemcontent', params: ['id', 'log'] },
  { path: '/systemdetail', params: ['classId'] },
  { path: '/systemloglist', params: ['page'] },
  // Specialties.
  { path: '/expertstudio(?:/.*)?', params: ['page', 'q'] },
  { path: '/(?:expertstudiodetails|specialDetail|workDynamicDetail|workResultDetail)', params: ['id'] },
  { path: '/illnessdetail/[^/]+', params: ['sort'] },
  { path: '/illnesslist(?:/.*)?', params: ['disease', 'page', 'q', 'sort', 'type'] },
  // The search, and the redirect helper, which passes its whole query on to the page it redirects to.
  { path: '/searchList', params: ['keyword', 'page', 'type'] },
  { path: '/redirect/.+', params: 'any' },
];

const queryMatchers = PAGE_QUERY.map((rule) => ({ rule, re: new RegExp(`^(?:${rule.path})$`) }));

/** The parameters a page reads (PAGE_QUERY), `any`, or none for a page without a rule. */
export function pageQueryParams(pathname: string): readonly string[] | 'any' {
  return queryMatchers.find(({ re }) => re.test(pathname))?.rule.params ?? [];
}

function paramName(pair: string): string | null {
  const raw = pair.split('=', 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null; // a broken escape names no parameter a page reads
  }
}

/**
 * The query a page is keyed and rendered by (`?a=1&b=2`, or ''): the parameters it reads, as sent and in order;
 * `dropped` when the request's query held anything else (a tracking mark, a parameter no page reads).
 */
export function pageQuery(pathname: string, search: string): { query: string; dropped: boolean } {
  const pairs = search.replace(/^\?/, '').split('&').filter(Boolean);
  const reads = pageQueryParams(pathname);
  const kept = pairs.filter((pair) => {
    if (reads === 'any') return true;
    const name = paramName(pair);
    return name !== null && !isTrackingParam(name) && reads.includes(name);
  });
  return { query: kept.length > 0 ? `?${kept.join('&')}` : '', dropped: kept.length < pairs.length };
}

/** A cookie every page reads, with the few values it reads: every cache keys by the value, none bypasses. */
export interface SiteVaryCookie {
  name: string;
  /** The values read; anything else counts as no cookie (and keys as none). */
  values: readonly string[];
  /** nginx's variable keyed by it (deploy/nginx/shengai.conf.template): a `map` of the cookie to the values read. */
  nginxVariable: string;
}

/**
 * Cookies the root layout reads, so every page varies by them: the 长者模式 (lib/elder-mode.ts). Unlike a
 * page's own cookies (which nginx bypasses), a value of one of these is part of every key, nginx's included:
 * a visitor in the mode is still answered from the caches, from the copy made in the mode.
 */
export const SITE_VARY_COOKIES: readonly SiteVaryCookie[] = [{ name: ELDER_COOKIE, values: [ELDER_ON], nginxVariable: '$shengai_elder' }];


const PROVINCE_ID = /^\d{1,6}$/;

/** The pages that read more than their URL (app/(care)/_lib/resolve-province.ts, visitor-position.ts). */
export const PAGE_VARY: readonly PageVaryRule[] = [
  // Without a province segment the doctor list reads the chosen province, else the province of the IP.
  { path: '/doctorlist', cookies: [{ name: ADDRESS_COOKIE, value: PROVINCE_ID }], clientAddress: 'place' },
  // The clinic list also sorts by distance from the visitor, with or without a province segment.
  { path: '/hospitallist(?:/.*)?', cookies: [{ name: ADDRESS_COOKIE, value: PROVINCE_ID }], clientAddress: 'place' },
];

const matchers = PAGE_VARY.map((rule) => ({ rule, re: new RegExp(`^(?:${rule.path})$`) }));

/** The rule of a page, or null when its URL is all it reads. */
export function pageVary(pathname: string): PageVaryRule | null {
  return matchers.find(({ re }) => re.test(pathname))?.rule ?? null;
}
