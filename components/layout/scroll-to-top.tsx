'use client';
/** Back-to-top control with the 500 ms animation of SPEC §9. */
import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_MS } from '@/lib/constants';
import { ELDER_CLASS } from '@/lib/elder-mode';

const easeOutCubic = (t: number) => 1 - Math.pow(1 - t, 3);

export function scrollToTop(durationMs = SCROLL_TO_TOP_MS) {
  const start = window.scrollY;
  if (start === 0) return;
  // No motion when asked for, and never in the 长者模式 (docs/elder-mode.md).
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches || document.documentElement.classList.contains(ELDER_CLASS)) {
    window.scrollTo(0, 0);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - t0) / durationMs);
    window.scrollTo(0, Math.round(start * (1 - easeOutCubic(t))));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 400);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <button
      type="button"
      onClick={() => scrollToTop()}
      aria-label="回到顶部"
      hidden={!visible}
      className="fixed bottom-8 right-8 z-30 flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-xl text-white shadow-lg hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}
