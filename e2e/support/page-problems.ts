import type { Page, Request } from '@playwright/test';

/**
 * Collects what a person would call a broken page: console errors, uncaught
 * exceptions, failed requests and 4xx/5xx responses. A route prefetch that the
 * Next router itself cancels (ERR_ABORTED with `next-router-prefetch`) is not
 * a failure: the router dropped a request it no longer needed. Nor is a video's
 * fetch the browser stops once it has the clip's length (`preload="metadata"`:
 * the rest of a six-minute clip is not read until someone presses play). Nor is
 * a request the page had in flight when the visitor left it (a link, a form that
 * loads the page anew): the browser drops the old document's requests, and no one
 * is left to see them.
 */
export function collectPageProblems(page: Page, { allowStatus = [] as number[] } = {}) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chrome echoes every 4xx response as a console error; a status this page
    // allows (a 404 page and its router's fetches) is not a problem twice over.
    const echoed = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(m.text());
    if (echoed && allowStatus.includes(Number(echoed[1]))) return;
    problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  // Each main-frame navigation begins a new document; a request remembers the document it was made for.
  let documentNo = 0;
  const madeFor = new WeakMap<Request, number>();
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documentNo++;
    else madeFor.set(r, documentNo);
  });
  page.on('requestfailed', (r) => {
    const aborted = r.failure()?.errorText === 'net::ERR_ABORTED';
    const leftBehind = aborted && (madeFor.get(r) ?? documentNo) < documentNo;
    if (leftBehind) return;
    const cancelledPrefetch = aborted && r.headers()['next-router-prefetch'];
    const metadataRead = aborted && r.resourceType() === 'media';
    if (!cancelledPrefetch && !metadataRead) problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !allowStatus.includes(r.status())) problems.push(`${r.status()}: ${r.url()}`);
  });
  return problems;
}
