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
 * Every page varies by its query, except the marks that links carry for whoever counts visits (utm_*, `from`,
 * `spm`…): no page reads them, and a new value of one forced a whole render (docs/security.md "Abuse from many
 * clients": 8 connections made another visitor's cached page 20 times slower). The page cache keys and renders a
 * page without them (`pageQuery`); nginx keeps no answer to a request that has one (`$shengai_tracking_query`),
 * so each is answered by the page cache from the page without them.
 */
export const QUERY_VARY = 'query without tracking marks' as const;

/** The query parameters no page reads that links carry for analytics: `utm_` starts a family. */
export const TRACKING_PARAMS: readonly string[] = ['utm_', 'from', 'spm', 'fbclid', 'gclid', 'msclkid', 'isappinstalled', 'nsukey'];

/** Whether a query parameter's name is a tracking mark (TRACKING_PARAMS; `utm_` and anything after it). */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.some((t) => (t.endsWith('_') ? lower.startsWith(t) : lower === t));
}

/** The query (`?a=1&b=2`, or '') without its tracking marks, the other parameters as sent and in order. */
export function pageQuery(search: string): string {
  if (!search || search === '?') return '';
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => {
      if (!pair) return false;
      const raw = pair.split('=', 1)[0]!;
      let name = raw;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        /* a broken escape is no tracking mark: kept as sent */
      }
      return !isTrackingParam(name);
    });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
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
