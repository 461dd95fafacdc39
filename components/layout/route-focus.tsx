'use client';
/**
 * Focus after a client navigation (docs/doctor-finder.md "Keyboard"): the App Router swaps the page without a
 * load, and the browser leaves focus on <body> (or on a link that is gone), so a keyboard user started again
 * from the top of the page each time (55 Tabs to a doctor's first slot). After a navigation to another page,
 * focus moves to the page's main heading (h1); after a change of the query alone (a filter, a page of a list),
 * to what the page marks with data-route-focus (the list's heading), else it stays where the reader is.
 * The first load is the browser's.
 */
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** Where focus goes after a navigation, or null to leave it. */
export function routeFocusTarget(doc: Document, pathChanged: boolean): HTMLElement | null {
  const main = doc.getElementById('main');
  if (!main) return null;
  const marked = main.querySelector<HTMLElement>('[data-route-focus]');
  if (!pathChanged) return marked;
  return main.querySelector<HTMLElement>('h1') ?? main;
}

export function RouteFocus() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const previous = useRef<{ pathname: string; search: string } | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, search };
    if (!before || (before.pathname === pathname && before.search === search)) return;
    const pathChanged = before.pathname !== pathname;
    // After React has drawn the new page (a streamed heading may land a frame later).
    const frame = requestAnimationFrame(() => {
      const target = routeFocusTarget(document, pathChanged);
      if (!target) return;
      if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);

  return null;
}
