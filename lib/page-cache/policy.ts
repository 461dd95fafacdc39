/**
 * Which page requests the whole-page cache answers, under which key, and what
 * its one render may see (docs/decisions.md "Whole pages cached, a
 * nonce per answer").
 *
 * A public page's HTML is the same for every visitor: per-person parts are
 * mostly client islands (docs/decisions.md). A few public pages do render a
 * member's data on the server (the points balance of /productDetails and
 * /integralChage, the message history of /customerMessage), so a request that
 * carries a session cookie is never answered from the cache: members get their
 * own render, and visitors and crawlers get the cached anonymous page.
 * The member shells (lib/routes.ts MEMBER_SHELL_PATHS) are the exception: login-required pages whose HTML is the
 * same for every member, their member part read by the browser, kept whatever cookies come with the request. Like
 * every render of the cache, theirs gets no session cookie, so it could not hold a member's data even by mistake.
 * A few pages also read more than their URL while rendering, and those inputs
 * are part of their key, like an HTTP Vary: lib/page-vary.ts declares them for
 * every cache (the `address` cookie and the visitor's IP location of
 * `/doctorlist` and `/hospitallist`, and on every page the 长者模式 cookie).
 * Those two read the IP only through its location (GetAliyunCity), so once the
 * address is located they are keyed by the place, not the address
 * (`keyedByPlace`, lib/page-cache/place.ts): a burst of visitors from one city
 * costs one render, not one a visitor.
 * The render receives only the inputs its key holds, never the visitor's other
 * cookies or headers. So a cached page cannot hold one person's data, even if
 * a page started to read the session by mistake: it would render anonymous.
 */
import { pageQuery, pageVary, SESSION_COOKIES, SITE_VARY_COOKIES } from '@/lib/page-vary';
import { ASKER_ONLY_PAGE, isLoginRequiredPath, isMemberShellPath } from '@/lib/routes';
import { clientAddress, siteForwardHeaders } from '@/lib/security/client-address';

export interface PageCachePlan {
  key: string;
  /** The path and query the render is asked for. */
  path: string;
  /** Request headers of the render: exactly the inputs `key` holds. */
  forward: Record<string, string>;
  /** Keyed by the visitor's address or place: kept in a smaller store of its own. */
  perVisitor: boolean;
  /**
   * The request's query held parameters the page does not read (dropped from `key` and `path`): the proxy in
   * front, which keys by the whole query, is not let keep the answer (lib/page-cache/serve.ts).
   */
  queryDropped: boolean;
  /** A page that reads the visitor's IP location: the address, and the key without it (see `keyedByPlace`). */
  located?: { address: string; keyBase: string };
  /** A member shell (lib/routes.ts MEMBER_SHELL_PATHS): kept here, never by the proxy in front. */
  memberShell?: true;
  /**
   * Keyed by the place (`keyedByPlace`), not the address: the page of everyone at that place, kept on disk like a
   * page of the shared store (lib/page-cache/disk.ts). An address-keyed page is one visitor's and never is.
   */
  placeKeyed?: true;
}

/** The request as the policy sees it (a NextRequest has all of this). */
export interface PageRequest {
  method: string;
  pathname: string;
  search: string;
  headers: Pick<Headers, 'get' | 'has'>;
  cookie(name: string): string | undefined;
}

/** Pages that are never cached whole. */
function isUncachedPath(pathname: string): boolean {
  return (
    (isLoginRequiredPath(pathname) && !isMemberShellPath(pathname)) ||
    // A question's page: its asker's only, a 404 to everyone else (lib/routes.ts).
    ASKER_ONLY_PAGE.test(pathname) ||
    // Files (public/, metadata routes) are Next's own static answers already.
    /\.[A-Za-z0-9]+$/.test(pathname) ||
    /^\/(?:api|session|auth|redirect|_next)(?:\/|$)/.test(pathname) ||
    // The health and metrics routes answer for this process, now (docs/operations.md "Health").
    /^\/(?:healthz|readyz|metrics)$/.test(pathname) ||
    // A route handler answers for itself, with the client's own address: a render on loopback would count
    // every client as this server (one per-client limit for all, docs/security.md "Abuse from many clients").
    isRouteHandlerPath(pathname)
  );
}

/**
 * A load of an HTML document, by a browser or a crawler, and not a router
 * fetch. Next hides the RSC headers (RSC, Next-Router-Prefetch, …) and the
 * `_rsc` query from proxy.ts (server/web/adapter.js strips FLIGHT_HEADERS), so
 * they cannot tell the two apart. Browsers send `Accept: text/html…` for documents,
 * and the App Router's fetches send `*\/*` with `Next-Url`. Server actions send `Next-Action`.
 */
export function isDocumentRequest(h: Pick<Headers, 'get' | 'has'>): boolean {
  if (!(h.get('accept') ?? '').includes('text/html')) return false;
  if (h.has('rsc') || h.has('next-router-prefetch') || h.has('next-url') || h.has('next-action')) return false;
  const dest = h.get('sec-fetch-dest');
  return dest === null || dest === 'document';
}

/**
 * A document load by a client that says nothing of HTML: `Accept: *\/*` or no Accept at all, without the
 * marks a browser puts on its own fetches (`Sec-Fetch-Dest: empty`, `Next-Url`, the RSC headers, `Next-Action`):
 * curl and many link previewers ask that way. Never answered from the page cache (nginx keeps only page-cache
 * answers, and such a request is how the stack's tests reach a process), but its error answers still need the
 * whole site in their first HTML (docs/security.md "Abuse from many clients"): they are mended on Node's
 * response like a member's page (lib/page-cache/error-mend.ts).
 */
export function isPlainDocumentRequest(h: Pick<Headers, 'get' | 'has'>): boolean {
  if (h.has('rsc') || h.has('next-router-prefetch') || h.has('next-url') || h.has('next-action')) return false;
  // No browser sends a document load without Sec-Fetch-Dest any more: `*/*` with one is a script's fetch.
  if (h.has('sec-fetch-dest')) return false;
  const accept = (h.get('accept') ?? '').trim();
  return accept === '' || /^\*\/\*(?:\s*;\s*q=[\d.]+)?$/.test(accept);
}

/**
 * Addresses answered by the site's route handlers, not pages: JSON, images and redirects that never hold the
 * site's layout, so their error answers are their own (lib/page-cache/error-mend.ts leaves them as written).
 */
export function isRouteHandlerPath(pathname: string): boolean {
  // ask-photo: a question's photo, to its asker only (docs/security.md "Uploads").
  return /^\/(?:api|session|auth|share-card|search-suggestions|ask-photo)(?:\/|$)/.test(pathname) || /^\/(?:healthz|readyz|metrics)$/.test(pathname);
}


/**
 * The cookies every page reads (SITE_VARY_COOKIES: the 长者模式) that this request sets to a value the layout
 * reads, as `name=value`: part of every key and of every render, the not-found and error pages' too.
 */
export function siteVaryOf(cookie: (name: string) => string | undefined): string[] {
  const pairs: string[] = [];
  for (const { name, values } of SITE_VARY_COOKIES) {
    const raw = cookie(name);
    if (raw !== undefined && values.includes(raw)) pairs.push(`${name}=${raw}`);
  }
  return pairs;
}

/** siteVaryOf for a request known by its headers alone (the first of a repeated cookie counts, as Next reads it). */
export function siteVaryOfHeaders(headers: Pick<Headers, 'get'>): string[] {
  const jar = new Map<string, string>();
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!jar.has(name)) jar.set(name, part.slice(at + 1).trim());
  }
  return siteVaryOf((name) => jar.get(name));
}

/** A full page load of a cacheable page: its plan, else null (the page renders as usual). */
export function pageCachePlan(request: PageRequest): PageCachePlan | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (!isDocumentRequest(request.headers)) return null;
  if (/(?:^|[?&])_rsc=/.test(request.search)) return null;
  if (isUncachedPath(request.pathname)) return null;
  // A member's page may hold the member's data: rendered for them alone (a member shell holds none).
  const memberShell = isMemberShellPath(request.pathname);
  if (!memberShell && SESSION_COOKIES.some((name) => request.cookie(name) !== undefined)) return null;

  // Keyed and rendered with the query parameters the page reads alone (lib/page-vary.ts QUERY_VARY).
  const { query, dropped } = pageQuery(request.pathname, request.search);
  // Each search is recorded for the hot words (SPEC §7 SearchHotWord), so every search renders; the search page
  // itself, with no query (the box and the hot words), is the same for everyone.
  if (request.pathname === '/searchList' && query !== '') return null;
  const path = `${request.pathname}${query}`;
  const forward: Record<string, string> = {};
  const keyParts = [path];
  const vary = pageVary(request.pathname);
  const sent: string[] = [];
  for (const { name, value } of vary?.cookies ?? []) {
    // A value the page does not read counts as no cookie.
    const raw = request.cookie(name) ?? '';
    const read = value.test(raw) ? raw : '';
    if (read) sent.push(`${name}=${read}`);
    keyParts.push(`${name}=${read}`);
  }
  // Cookies every page reads (the 长者模式): in the key only when set, so the usual page keeps its key.
  for (const pair of siteVaryOf((name) => request.cookie(name))) {
    sent.push(pair);
    keyParts.push(pair);
  }
  if (sent.length > 0) forward.cookie = sent.join('; ');
  if (vary?.clientAddress === 'place') {
    // The visitor's address by the site's one rule (lib/security/client-address.ts), passed to the
    // render under the site's own header and secret: the render reads the same address.
    const address = clientAddress(request.headers);
    Object.assign(forward, siteForwardHeaders(address));
    const keyBase = keyParts.join('\n');
    return { key: `${keyBase}\nclient=${address}`, path, forward, perVisitor: true, queryDropped: dropped, located: { address, keyBase } };
  }
  return { key: keyParts.join('\n'), path, forward, perVisitor: false, queryDropped: dropped, ...(memberShell ? { memberShell: true as const } : {}) };
}

/**
 * The plan of a page that reads the visitor's IP location, keyed by where that address is (`place`, from
 * lib/page-cache/place.ts) instead of the address itself. The render still receives the address: it
 * locates it the same way, so its page is the page of that place. Other plans are returned as they are.
 */
export function keyedByPlace(plan: PageCachePlan, place: string): PageCachePlan {
  if (!plan.located) return plan;
  return { ...plan, key: `${plan.located.keyBase}\nplace=${place}`, placeKeyed: true };
}
