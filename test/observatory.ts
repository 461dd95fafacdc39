/**
 * The MDN HTTP Observatory score (https://developer.mozilla.org/en-US/observatory,
 * scoring rules of mdn/mdn-http-observatory, the successor of mozilla/http-observatory),
 * computed from one response's headers, cookies and HTML (docs/security.md: goal ≥ 100, A+).
 *
 * Rules used (docs/security.md lists them with their modifiers):
 * - start at 100, add each test's modifier;
 * - bonuses (positive modifiers) only count when the score without them is ≥ 90;
 * - grade: A+ ≥ 100, A ≥ 90, A- ≥ 85, B+ ≥ 80, B ≥ 70, B- ≥ 65, C+ ≥ 60, C ≥ 50,
 *   C- ≥ 45, D+ ≥ 40, D ≥ 30, D- ≥ 25, F below.
 * Redirection (HTTP → HTTPS) cannot be observed on a loopback HTTP server: the
 * caller states it (default: the deployment redirects to HTTPS on the same host).
 */

export const MODIFIERS = {
  // Content-Security-Policy
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 0,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  // Cookies
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-not-found': 0,
  'cookies-secure-with-httponly-sessions': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-session-without-secure-flag-but-protected-by-hsts': -10,
  'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20,
  'cookies-anticsrf-without-samesite-flag': -20,
  'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,
  // Cross-origin resource sharing
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  // Cross-Origin-Resource-Policy
  'corp-implemented-with-same-origin': 0,
  'corp-implemented-with-same-site': 0,
  'corp-implemented-with-cross-origin': 0,
  'corp-not-implemented': 0,
  'corp-header-invalid': -5,
  // Redirection
  'redirection-all-redirects-preloaded': 0,
  'redirection-to-https': 0,
  'redirection-not-needed-no-http': 0,
  'redirection-off-host-from-http': -5,
  'redirection-not-to-https-on-initial-redirection': -10,
  'redirection-not-to-https': -20,
  'redirection-missing': -20,
  'redirection-invalid-cert': -20,
  // Referrer-Policy
  'referrer-policy-private': 5,
  'referrer-policy-no-referrer-when-downgrade': 0,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,
  // Strict-Transport-Security
  'hsts-preloaded': 5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'hsts-not-implemented-no-https': -20,
  // Subresource integrity
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-not-loaded-securely': -50,
  'sri-implemented-but-external-scripts-not-loaded-securely': -50,
  // X-Content-Type-Options
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,
  // X-Frame-Options
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 0,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
} as const;

export type ObservatoryResult = keyof typeof MODIFIERS;

export interface ObservatoryInput {
  /** Response headers (a Headers or a plain lower/any-case record). */
  headers: Headers | Record<string, string | string[] | undefined>;
  /** Each Set-Cookie line, separately (Headers#getSetCookie()). Defaults to the headers' set-cookie. */
  setCookies?: string[];
  /** The HTML body, for the SRI test; omit for non-HTML answers. */
  html?: string;
  /** The page's URL (scheme and host decide which scripts are external). */
  url: string;
  /**
   * Score as if served over HTTPS (the deployment terminates TLS in front of
   * `next start`; loopback test servers speak plain HTTP). Default: the URL's scheme.
   */
  assumeHttps?: boolean;
  /** What the HTTP → HTTPS redirection test would find; see the file comment. */
  redirection?: Extract<ObservatoryResult, `redirection-${string}`>;
}

export interface ObservatoryScore {
  score: number;
  grade: string;
  tests: { name: string; result: ObservatoryResult; modifier: number }[];
}

function header(input: ObservatoryInput, name: string): string | null {
  const h = input.headers;
  if (h instanceof Headers) return h.get(name);
  const key = Object.keys(h).find((k) => k.toLowerCase() === name);
  if (!key) return null;
  const v = h[key];
  return Array.isArray(v) ? v.join(', ') : (v ?? null);
}

// ---------------------------------------------------------------- CSP

const DANGEROUSLY_BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const NONCE_OR_HASH = /^'(nonce-|sha256-|sha384-|sha512-)/i;

/** Directive name → set of sources (first occurrence wins, per CSP3). */
export function parseCsp(value: string): Map<string, Set<string>> | null {
  const out = new Map<string, Set<string>>();
  for (const raw of value.split(';')) {
    const parts = raw.trim().split(/\s+/).filter(Boolean);
    if (parts.length === 0) continue;
    const name = (parts[0] ?? '').toLowerCase();
    if (!/^[a-z-]+$/.test(name)) return null;
    if (out.has(name)) continue;
    // Keywords are case-insensitive; nonces and hashes are not.
    out.set(name, new Set(parts.slice(1).map((s) => (NONCE_OR_HASH.test(s) ? s : s.toLowerCase()))));
  }
  return out;
}

export function cspResult(policy: string | null): ObservatoryResult {
  if (!policy) return 'csp-not-implemented';
  const csp = parseCsp(policy);
  if (!csp || csp.size === 0) return 'csp-header-invalid';
  const fallback = csp.get('default-src');
  const copy = (s: Set<string> | undefined) => (s ? new Set(s) : undefined);
  const scriptSrc = copy(csp.get('script-src')) ?? copy(fallback) ?? new Set(['*']);
  const objectSrc = copy(csp.get('object-src')) ?? copy(fallback) ?? new Set(['*']);
  const styleSrc = copy(csp.get('style-src')) ?? copy(fallback) ?? new Set(['*']);
  const passive = [
    ...(csp.get('img-src') ?? fallback ?? new Set(['*'])),
    ...(csp.get('media-src') ?? fallback ?? new Set(['*'])),
    ...styleSrc,
  ];

  // A nonce or hash turns 'unsafe-inline' off (CSP3 §6.7.3.3).
  for (const list of [scriptSrc, styleSrc]) {
    if ([...list].some((s) => NONCE_OR_HASH.test(s))) list.delete("'unsafe-inline'");
  }
  // 'strict-dynamic' needs a nonce or hash, and then ignores host and scheme sources and 'self'.
  if (scriptSrc.has("'strict-dynamic'")) {
    if (![...scriptSrc].some((s) => NONCE_OR_HASH.test(s))) return 'csp-header-invalid';
    for (const s of [...scriptSrc]) {
      if (DANGEROUSLY_BROAD.has(s) || s === "'self'" || s === "'unsafe-inline'" || /^(https?:\/\/|\*)/.test(s)) {
        scriptSrc.delete(s);
      }
    }
  }
  const active = [...scriptSrc, ...objectSrc];
  const isInsecure = (s: string) => s === 'http:' || s === 'ftp:' || s.startsWith('http://') || s.startsWith('ftp://');

  let result: ObservatoryResult;
  if ([...scriptSrc].some((s) => DANGEROUSLY_BROAD.has(s) || UNSAFE_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))) {
    result = 'csp-implemented-with-unsafe-inline';
  } else if (active.some(isInsecure)) {
    result = 'csp-implemented-with-insecure-scheme';
  } else if (active.includes("'unsafe-eval'")) {
    result = 'csp-implemented-with-unsafe-eval';
  } else if (passive.some(isInsecure)) {
    result = 'csp-implemented-with-insecure-scheme-in-passive-content-only';
  } else if (styleSrc.has("'unsafe-inline'")) {
    result = 'csp-implemented-with-unsafe-inline-in-style-src-only';
  } else {
    result = 'csp-implemented-with-no-unsafe';
  }
  if (result === 'csp-implemented-with-no-unsafe' && fallback && fallback.size === 1 && fallback.has("'none'")) {
    result = 'csp-implemented-with-no-unsafe-default-src-none';
  }
  return result;
}

// ---------------------------------------------------------------- HSTS

export function hstsResult(value: string | null, https: boolean): ObservatoryResult {
  if (!https) return 'hsts-not-implemented-no-https';
  if (!value) return 'hsts-not-implemented';
  const maxAge = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?\s*(?:;|$)/i.exec(value);
  if (!maxAge) return 'hsts-header-invalid';
  const seconds = Number(maxAge[1]);
  // 'hsts-preloaded' needs the Chromium preload list, which a header alone never proves.
  return seconds >= 15768000 ? 'hsts-implemented-max-age-at-least-six-months' : 'hsts-implemented-max-age-less-than-six-months';
}

// ---------------------------------------------------------------- Cookies

interface ParsedCookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
}

export function parseSetCookie(line: string): ParsedCookie {
  const [pair, ...attrs] = line.split(';');
  const name = (pair ?? '').split('=')[0]?.trim() ?? '';
  let secure = false;
  let httpOnly = false;
  let sameSite: string | null = null;
  for (const attr of attrs) {
    const [k = '', v = ''] = attr.split('=');
    const key = k.trim().toLowerCase();
    if (key === 'secure') secure = true;
    else if (key === 'httponly') httpOnly = true;
    else if (key === 'samesite') sameSite = v.trim().toLowerCase();
  }
  return { name, secure, httpOnly, sameSite };
}

/** The Observatory's idea of a session cookie: its name looks like one. */
const SESSION_NAME = /(login|sess|token|auth|sid)/i;
const ANTI_CSRF_NAME = /(csrf|xsrf)/i;

export function cookiesResult(setCookies: string[], hsts: boolean): ObservatoryResult {
  if (setCookies.length === 0) return 'cookies-not-found';
  const cookies = setCookies.map(parseSetCookie);
  if (cookies.some((c) => c.sameSite !== null && !['strict', 'lax', 'none'].includes(c.sameSite))) {
    return 'cookies-samesite-flag-invalid';
  }
  if (cookies.some((c) => ANTI_CSRF_NAME.test(c.name) && c.sameSite === null)) return 'cookies-anticsrf-without-samesite-flag';
  const sessions = cookies.filter((c) => SESSION_NAME.test(c.name));
  if (sessions.some((c) => !c.httpOnly)) return 'cookies-session-without-httponly-flag';
  if (sessions.some((c) => !c.secure)) {
    return hsts ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag';
  }
  if (cookies.some((c) => !c.secure)) {
    return hsts ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag';
  }
  return cookies.every((c) => c.sameSite !== null) ? 'cookies-secure-with-httponly-sessions-and-samesite' : 'cookies-secure-with-httponly-sessions';
}

// ---------------------------------------------------------------- the rest

export function corsResult(allowOrigin: string | null, allowCredentials: string | null): ObservatoryResult {
  if (!allowOrigin) return 'cross-origin-resource-sharing-not-implemented';
  if (allowOrigin.trim() === '*') {
    return 'cross-origin-resource-sharing-implemented-with-public-access';
  }
  // A reflected arbitrary origin with credentials is universal access; a fixed one is restricted.
  return allowCredentials?.toLowerCase() === 'true' && allowOrigin === 'null'
    ? 'cross-origin-resource-sharing-implemented-with-universal-access'
    : 'cross-origin-resource-sharing-implemented-with-restricted-access';
}

export function corpResult(value: string | null): ObservatoryResult {
  if (!value) return 'corp-not-implemented';
  switch (value.trim().toLowerCase()) {
    case 'same-origin':
      return 'corp-implemented-with-same-origin';
    case 'same-site':
      return 'corp-implemented-with-same-site';
    case 'cross-origin':
      return 'corp-implemented-with-cross-origin';
    default:
      return 'corp-header-invalid';
  }
}

const PRIVATE_REFERRER = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']);
const VALID_REFERRER = new Set([...PRIVATE_REFERRER, 'no-referrer-when-downgrade', 'origin', 'origin-when-cross-origin', 'unsafe-url']);

export function referrerResult(value: string | null): ObservatoryResult {
  if (!value) return 'referrer-policy-not-implemented';
  // The last valid token wins (Referrer Policy §8.1).
  const tokens = value.split(',').map((t) => t.trim().toLowerCase()).filter((t) => VALID_REFERRER.has(t));
  const policy = tokens.at(-1);
  if (!policy) return 'referrer-policy-header-invalid';
  if (PRIVATE_REFERRER.has(policy)) return 'referrer-policy-private';
  if (policy === 'no-referrer-when-downgrade') return 'referrer-policy-no-referrer-when-downgrade';
  return 'referrer-policy-unsafe';
}

export function nosniffResult(value: string | null): ObservatoryResult {
  if (!value) return 'x-content-type-options-not-implemented';
  return value.trim().toLowerCase() === 'nosniff' ? 'x-content-type-options-nosniff' : 'x-content-type-options-header-invalid';
}

export function frameOptionsResult(value: string | null, policy: string | null): ObservatoryResult {
  const csp = policy ? parseCsp(policy) : null;
  const ancestors = csp?.get('frame-ancestors');
  if (ancestors && !ancestors.has('*')) return 'x-frame-options-implemented-via-csp';
  if (!value) return 'x-frame-options-not-implemented';
  const v = value.trim().toLowerCase();
  if (v === 'deny' || v === 'sameorigin') return 'x-frame-options-sameorigin-or-deny';
  if (v.startsWith('allow-from ')) return 'x-frame-options-allow-from-origin';
  return 'x-frame-options-header-invalid';
}

/** SRI: scripts from another origin need integrity and HTTPS; same-origin scripts are fine as they are. */
export function sriResult(html: string | undefined, pageUrl: string, contentType: string | null): ObservatoryResult {
  if (html === undefined || !(contentType ?? 'text/html').includes('html')) return 'sri-not-implemented-response-not-html';
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '');
  const withSrc = scripts
    .map((attrs) => ({ src: /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1], integrity: /\bintegrity\s*=/i.test(attrs) }))
    .filter((s): s is { src: string; integrity: boolean } => Boolean(s.src));
  if (withSrc.length === 0) return 'sri-not-implemented-but-no-scripts-loaded';
  const page = new URL(pageUrl);
  let anyIntegrity = false;
  let externalInsecure = false;
  let externalWithoutIntegrity = false;
  let allSecure = true;
  for (const s of withSrc) {
    const url = new URL(s.src, page);
    const sameOrigin = url.origin === page.origin;
    const secure = url.protocol === 'https:' || (sameOrigin && s.src.startsWith('/') && !s.src.startsWith('//'));
    if (s.integrity) anyIntegrity = true;
    if (!secure) allSecure = false;
    if (!sameOrigin) {
      if (url.protocol !== 'https:') externalInsecure = true;
      if (!s.integrity) externalWithoutIntegrity = true;
    }
  }
  if (anyIntegrity) {
    if (externalInsecure) return 'sri-implemented-but-external-scripts-not-loaded-securely';
    return allSecure ? 'sri-implemented-and-all-scripts-loaded-securely' : 'sri-implemented-and-external-scripts-loaded-securely';
  }
  if (externalInsecure || externalWithoutIntegrity) return 'sri-not-implemented-but-external-scripts-not-loaded-securely';
  return 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
}

export function grade(score: number): string {
  const table: [number, string][] = [
    [100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'],
    [50, 'C'], [45, 'C-'], [40, 'D+'], [30, 'D'], [25, 'D-'],
  ];
  return table.find(([min]) => score >= min)?.[1] ?? 'F';
}

/** The score of one response. */
export function observatoryScore(input: ObservatoryInput): ObservatoryScore {
  const https = input.assumeHttps ?? new URL(input.url).protocol === 'https:';
  const csp = header(input, 'content-security-policy');
  const hsts = header(input, 'strict-transport-security');
  const setCookies =
    input.setCookies ?? (input.headers instanceof Headers ? input.headers.getSetCookie() : [header(input, 'set-cookie')].filter((c): c is string => !!c));
  const hstsTest = hstsResult(hsts, https);
  const hstsOn = hstsTest === 'hsts-implemented-max-age-at-least-six-months' || hstsTest === 'hsts-preloaded';
  const results: [string, ObservatoryResult][] = [
    ['content-security-policy', cspResult(csp)],
    ['cookies', cookiesResult(setCookies, hstsOn)],
    ['cross-origin-resource-sharing', corsResult(header(input, 'access-control-allow-origin'), header(input, 'access-control-allow-credentials'))],
    ['cross-origin-resource-policy', corpResult(header(input, 'cross-origin-resource-policy'))],
    ['redirection', input.redirection ?? 'redirection-to-https'],
    ['referrer-policy', referrerResult(header(input, 'referrer-policy'))],
    ['strict-transport-security', hstsTest],
    ['subresource-integrity', sriResult(input.html, input.url, header(input, 'content-type'))],
    ['x-content-type-options', nosniffResult(header(input, 'x-content-type-options'))],
    ['x-frame-options', frameOptionsResult(header(input, 'x-frame-options'), csp)],
  ];
  const tests = results.map(([name, result]) => ({ name, result, modifier: MODIFIERS[result] }));
  const penalties = tests.reduce((sum, t) => sum + Math.min(0, t.modifier), 0);
  const base = 100 + penalties;
  const bonus = base >= 90 ? tests.reduce((sum, t) => sum + Math.max(0, t.modifier), 0) : 0;
  const score = Math.max(0, base + bonus);
  return { score, grade: grade(score), tests };
}
