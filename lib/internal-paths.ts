/**
 * The part of lib/routes that client islands on every page need, in a module
 * of its own: a client module importing `routes` carries the whole table
 * (about 2 KB gzip) into every page's first-load JavaScript (docs/decisions.md).
 * lib/routes re-exports all of it; `routes` uses these builders.
 */

export type QueryValue = string | number | undefined | null;

/** Appends the defined, non-empty query values in the given order. */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const homePath = () => '/';
/** The 请先登录 flow (SPEC §4): home with the marker and the page to continue to after login. */
export const loginRequiredPath = (next?: string) => withQuery('/', { login: 'required', next });
/** Same-origin session probe of the header's member island (app/session/me): {member} or null, never a token. */
export const sessionMePath = () => '/session/me';
/** The member's favourite codes of one kind (same-origin JSON, never a token). */
export const sessionFavouritesPath = (kind: 'clinic' | 'doctor') => withQuery('/session/favourites', { kind });
/** The member's points balance ({points}: null for a visitor). */
export const sessionPointsPath = () => '/session/points';
/** What /userIndex shows of the member: profile card and favourites ({member: null} once the session is over). */
export const sessionMemberHomePath = () => '/session/member-home';
/** The values /modifyInfor's form starts from ({signedOut} once the session is over). */
export const sessionMemberInfoPath = () => '/session/member-info';
/** The member's 就诊人 and their limit (/dRecord/patients). */
export const sessionPatientsPath = () => '/session/patients';
/** One page of the member's appointment records, as /dRecord/registration's URL filters them. */
export const sessionRegistrationsPath = (page: number, status: string) => withQuery('/session/registrations', { page: page > 1 ? page : undefined, status });
/** One page of the member's 积分明细 (/dRecord/points). */
export const sessionPointsLogPath = (page: number) => withQuery('/session/points-log', { page: page > 1 ? page : undefined });
/** One page of the member's 兑换记录 (/dRecord/exchange). */
export const sessionExchangeRecordsPath = (page: number) => withQuery('/session/exchange-records', { page: page > 1 ? page : undefined });
/** One page of the member's 图文问诊 questions (/dRecord/consultation). */
export const sessionAsksPath = (page: number) => withQuery('/session/asks', { page: page > 1 ? page : undefined });
/** A fresh image code (captcha) for an SMS send ({key, image}). */
export const sessionImageCodePath = () => '/session/image-code';
/** The same image code, spoken (a WAV file; docs/elder-mode.md "The picture code's audio"). */
export const sessionImageCodeAudioPath = (key: string) => withQuery('/session/image-code/audio', { key });
/** 在线/离线 of up to 100 doctors ({statuses}). */
export const sessionOnlineStatusPath = (doctorIds: readonly number[]) => withQuery('/session/online-status', { ids: doctorIds.join(',') });
/** The registration agreement, sanitized ({title, html}). */
export const sessionAgreementPath = () => '/session/agreement';

/**
 * /redirect/{path} helper (SPEC §2): the internal path to go to, or null when
 * the target is not a same-site path (an open-redirect attempt such as
 * //evil.example, /\evil.example, a scheme, or control characters).
 */
export function safeInternalPath(target: string | null | undefined): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return null;
  }
  for (const candidate of [target, decoded]) {
    if (!candidate.startsWith('/')) return null;
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return null;
  }
  // Resolving against a dummy origin must keep that origin.
  const base = 'http://internal.invalid';
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (url.pathname.startsWith('/redirect')) return null;
  // Dot segments can collapse into a scheme-relative result: `/..//evil.example` resolves to
  // the path `//evil.example`, which a browser reads as another host (found by fast-check, docs/security.md).
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
