'use client';

import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import { useEffect, useState } from 'react';
import type { Slide } from '@/lib/api/news';
import { useOverlay } from '@/components/overlays/overlay-store';
import { ELDER_CLASS } from '@/lib/elder-mode';

const INTERVAL_MS = 6000;

/**
 * The home carousel (GetIndexCarouse). Every slide is in the first HTML; this
 * leaf only rotates them, pauses on hover or focus and while a dialog covers
 * the page (nothing behind a modal moves), never in the 长者模式, and offers dot buttons.
 * Without JavaScript the first slide shows.
 */
export function HeroCarousel({ slides }: { slides: Slide[] }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const covered = useOverlay().name !== null;
  useEffect(() => {
    // 长者模式 (docs/elder-mode.md): nothing moves by itself; the dots still change the slide.
    if (paused || covered || slides.length < 2 || document.documentElement.classList.contains(ELDER_CLASS)) return;
    const timer = window.setInterval(() => setCurrent((c) => (c + 1) % slides.length), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, covered, slides.length]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="首页轮播"
      className="relative h-[420px] overflow-hidden bg-brand-800"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((s, i) => {
        const shown = i === current;
        return (
          <div
            key={s.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${slides.length}`}
            aria-hidden={!shown}
            className={`absolute inset-0 transition-opacity duration-700 ${shown ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
          >
            <StaticImage src={s.image} alt="" fill priority={i === 0} className="object-cover" />
            <div className="absolute inset-0 bg-gradient-to-r from-black/50 via-black/15 to-transparent" aria-hidden="true" />
            <div className="relative mx-auto flex h-full max-w-6xl flex-col justify-center px-4 text-white">
              {i === 0 ? (
                <h1 className="text-4xl font-bold tracking-widest">{s.title}</h1>
              ) : (
                <p className="text-4xl font-bold tracking-widest">{s.title}</p>
              )}
              {s.subtitle ? <p className="mt-4 text-xl text-white/90">{s.subtitle}</p> : null}
              {s.href ? (
                <p className="mt-8">
                  <Link
                    href={s.href}
                    tabIndex={shown ? 0 : -1}
                    className="inline-block rounded-full bg-gold-400 px-7 py-2.5 font-medium text-stone-900 shadow hover:bg-white"
                  >
                    了解详情<span className="sr-only">：{s.title}</span>
                  </Link>
                </p>
              ) : null}
            </div>
          </div>
        );
      })}
      {slides.length > 1 ? (
        <div className="absolute inset-x-0 bottom-4 flex justify-center">
          {/* WCAG 2.2 2.5.8: each button is a ≥24×24 px hit area; the visible dot is the inner span. */}
          {slides.map((s, i) => (
            <button
              key={s.id}
              type="button"
              onClick={() => setCurrent(i)}
              aria-label={`第${i + 1}张：${s.title}`}
              aria-current={i === current ? 'true' : undefined}
              className="group flex h-6 min-w-6 items-center justify-center px-1 focus-visible:outline-2 focus-visible:outline-white"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${i === current ? 'w-8 bg-gold-400' : 'w-2.5 bg-white/70 group-hover:bg-white'}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
