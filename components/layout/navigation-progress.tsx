'use client';
/**
 * The page-loading bar on every client navigation (SPEC §2). The App Router has
 * no router events: a click on an internal link starts the bar, and the new
 * URL (pathname or query) finishes it. The bar is a few lines of our own (the
 * markup and trickle of nprogress) instead of the library, for issue 8's
 * first-load budget; its look is in globals.css (#nprogress).
 */
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

const TRICKLE_MS = 120;

let bar: HTMLElement | null = null;
let progress = 0;
let trickle: number | undefined;

function show(value: number) {
  progress = value;
  if (bar) bar.style.transform = `scaleX(${value})`;
}

function start() {
  if (bar) return;
  const root = document.createElement('div');
  root.id = 'nprogress';
  root.setAttribute('aria-hidden', 'true');
  bar = document.createElement('div');
  bar.className = 'bar';
  bar.appendChild(document.createElement('div')).className = 'peg';
  root.appendChild(bar);
  document.body.appendChild(root);
  show(0.08);
  // Slower as it nears the end, never reaching it before done() (as nprogress).
  trickle = window.setInterval(() => show(Math.min(0.994, progress + (1 - progress) * (progress < 0.5 ? 0.1 : 0.04))), TRICKLE_MS);
}

function done() {
  if (!bar) return;
  window.clearInterval(trickle);
  const finished = bar;
  bar = null;
  finished.style.transform = 'scaleX(1)';
  window.setTimeout(() => {
    finished.style.opacity = '0';
    window.setTimeout(() => finished.parentElement?.remove(), 200);
  }, 200);
}

function isInternalNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

export function NavigationProgress() {
  const pathname = usePathname();
  const searchParams = useSearchParams();

  useEffect(() => {
    done();
  }, [pathname, searchParams]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isInternalNavigation(event)) start();
    };
    const onPopState = () => start();
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, []);

  return null;
}
