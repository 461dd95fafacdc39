import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DoctorFilterCounts } from '@/lib/api/doctor-filters';
import { FinderFilterPanel } from './finder-filter-panel';

/**
 * The finder's date strip (docs/doctor-finder.md "Who is free when"): a day with no open number is a disabled chip
 * that still says its date and count to a screen reader, in HTML the W3C Nu checker accepts (no aria-label on a
 * plain span, docs/bench.md). After the day's last slot that is today's chip, so the page is valid at any hour.
 */
const counts = (todayCount: number): DoctorFilterCounts => ({
  total: 12,
  departments: [],
  titles: [],
  clinics: [],
  online: 1,
  dates: [
    { value: '2026-11-27', label: '2026-11-27', weekday: '周五', count: todayCount },
    { value: '2026-11-28', label: '2026-11-28', weekday: '周六', count: 5 },
    { value: '2026-11-29', label: '2026-11-29', weekday: '周日', count: 0 },
  ],
});

function render(todayCount: number, date = '') {
  return renderToStaticMarkup(
    createElement(FinderFilterPanel, {
      counts: counts(todayCount),
      filters: { department: '', title: '', clinic: '', online: false, date },
      hrefFor: (over) => `/doctorlist/215?date=${over.date ?? ''}`,
    }),
  );
}

/** The chips of the date strip: each <li> after 不限. */
function dateChips(html: string): string[] {
  const strip = html.slice(html.indexOf('data-testid="filter-date"'));
  return [...strip.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!).slice(1);
}

describe('the date strip', () => {
  it('after the day’s last slot, today’s chip is disabled, named by sr-only words, with no aria-label on a span', () => {
    const html = render(0);
    expect(html).not.toMatch(/<span[^>]*\baria-label=/);
    const [today, tomorrow, sunday] = dateChips(html);
    expect(today).toMatch(/^<span aria-disabled="true"/);
    expect(today).toContain('<span class="sr-only">2026-11-27 周五，0位医生有号</span>');
    // The shown words (今天 11/27 (0)) are hidden, so a screen reader hears the label once.
    expect([...today!.matchAll(/<span aria-hidden="true"[^>]*>([^<]*)<\/span>/g)].map((m) => m[1])).toEqual(['今天', '11/27', '(0)']);
    expect(tomorrow).toMatch(/^<a [^>]*aria-label="2026-11-28 周六，5位医生有号"/);
    expect(tomorrow).not.toContain('aria-hidden');
    expect(sunday).toMatch(/^<span aria-disabled="true"/);
  });

  it('in the morning today’s chip is a link; a chosen empty day stays a link (the current choice)', () => {
    expect(dateChips(render(3))[0]).toMatch(/^<a [^>]*aria-label="2026-11-27 周五，3位医生有号"/);
    expect(dateChips(render(0, '2026-11-27'))[0]).toMatch(/^<a [^>]*aria-current="true"/);
  });
});
