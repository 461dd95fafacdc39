/**
 * Error pages whose first HTML holds the site (docs/decisions.md "Errors render on the server").
 *
 * In a production build, a page that calls notFound() answers 404 with an empty error shell,
 * `<html id="__next_error__">` and no body: the not-found UI exists only in the RSC payload and
 * appears once JavaScript runs (a Next bug: vercel/next.js #98954, #98295, #62228). A page whose
 * render throws (error.tsx) answers the same empty shell with 500. An unmatched URL is not
 * affected: Next renders it as its own route, not-found.tsx inside the root layout.
 *
 * The whole-page cache sees every answer of its loopback render, so it swaps such a shell for a
 * page rendered whole: the not-found page (an unmatched address under /404) for a 404, the error
 * page (app/404/unavailable) for a 5xx, each kept like any cached page and sent with the status of
 * the original answer. A public page that fails while the API host is down gets 503 with
 * Retry-After, and its last good copy where one is kept (lib/page-cache/serve.ts).
 */

/** An address no route matches: Next renders app/not-found.tsx inside the root layout. */
export const NOT_FOUND_RENDER_PATH = '/404/page-missing';
/** The server-rendered error page (app/404/unavailable/page.tsx); for the cache's render only. */
export const UNAVAILABLE_RENDER_PATH = '/404/unavailable';

/** Seconds a visitor or crawler is asked to wait before trying a page that failed again. */
export const RETRY_AFTER_SECONDS = 30;

/** Keys of the fallback pages in the shared store: never a page's key (those start with `/`). */
export const FALLBACK_KEYS = { notFound: 'fallback:not-found', unavailable: 'fallback:unavailable' } as const;

/** Next's empty error shell: `<html id="__next_error__">`, the page's UI only in the RSC payload. */
export function isEmptyErrorShell(html: string): boolean {
  return /<html\b[^>]*\bid="__next_error__"/.test(html);
}

/** Which fallback a rendered answer needs, if any: its status and its body decide. */
export function fallbackFor(status: number, html: string): 'notFound' | 'unavailable' | null {
  if (status === 404) return isEmptyErrorShell(html) ? 'notFound' : null;
  if (status >= 500) return 'unavailable';
  return null;
}
