'use client';
/**
 * The page-loading bar on every client navigation (SPEC §2), drawn by
 * nprogress in the brand's colours (its look is in globals.css, #nprogress).
 * The App Router has no router events: a click on an internal link (or a
 * `router.push` through startNavigationProgress) starts the bar, and the new
 * URL (pathname or query) finishes it.
 *
 * nprogress is only needed after a click, so it is not in the page's
 * first-load JavaScript: it is fetched when the browser is idle after load
 * (or by the first navigation, whichever comes first).
 */
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

type NProgressApi = typeof import('nprogress');

let library: Promise<NProgressApi> | null = null;
/** A navigation is under way: a late-loading nprogress must still show it, a finished one must not start. */
let navigating = false;

function loadBar(): Promise<NProgressApi> {
  library ??= import('nprogress').then((m) => {
    const nprogress = (m as { default?: NProgressApi }).default ?? m;
    // No spinner, and no invalid ARIA roles in the markup (nprogress's default template has role="bar").
    nprogress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.08, template: '<div class="bar"><div class="peg"></div></div>', barSelector: '.bar' });
    return nprogress;
  });
  return library;
}

function start() {
  navigating = true;
  void loadBar().then((nprogress) => {
    if (navigating) nprogress.start();
  });
}

function done() {
  if (!navigating) return;
  navigating = false;
  void loadBar().then((nprogress) => nprogress.done());
}

/** True for a URL of this site other than the current page (a query change counts). */
function isOtherPage(href: string): boolean {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

/** Starts the bar for a programmatic navigation (`router.push(href)`); the new URL finishes it. */
export function startNavigationProgress(href: string) {
  if (isOtherPage(href)) start();
}

function isInternalNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return false;
  // A link that opens an overlay in place instead of navigating (LoginPromptLink).
  if (anchor.hasAttribute('data-no-progress')) return false;
  return isOtherPage(anchor.href);
}

export function NavigationProgress() {
  const pathname = usePathname();
  const searchParams = useSearchParams();

  useEffect(() => {
    done();
  }, [pathname, searchParams]);

  useEffect(() => {
    // Capture phase: next/link cancels the click's default to navigate itself.
    const onClick = (event: MouseEvent) => {
      if (isInternalNavigation(event)) start();
    };
    const onPopState = () => start();
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    const idle = window.requestIdleCallback?.(() => void loadBar()) ?? window.setTimeout(() => void loadBar(), 2000);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  return null;
}
