/**
 * The finder's date chips (docs/doctor-finder.md "Who is free when"): after the day's last slot, today's chip
 * has no open number and is disabled text, not a link. The W3C Nu checker refused it in the China evening
 * ("aria-label must not be specified on any span"), passing in the morning: every state is rendered here,
 * whatever the clock says. A disabled chip still says its day and count to a screen reader, as text.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DateStrip } from './finder-filter-panel';

const dates = [
  { value: '2026-11-27', label: '2026-11-27', weekday: '周五', count: 0 },
  { value: '2026-11-28', label: '2026-11-28', weekday: '周六', count: 12 },
];

/** The opening tags of the links, whatever the order of their attributes. */
const anchors = (html: string) => html.match(/<a [^>]*>/g) ?? [];

const render = (current: string) => renderToStaticMarkup(createElement(DateStrip, { dates, current, hrefFor: (d: string) => `/doctorlist?date=${d}` }));

describe('DateStrip', () => {
  it('a day without numbers is a disabled span with no aria-label, its day and count said as text', () => {
    const html = render('');
    expect(html).not.toMatch(/<span[^>]*\saria-label=/);
    expect(html).toMatch(/<span aria-disabled="true"[^>]*>/);
    expect(html).toContain('<span class="sr-only">2026-11-27 周五，0位医生有号</span>');
    // The open day stays a link named by its label.
    const open = anchors(html).find((a) => a.includes('href="/doctorlist?date=2026-11-28"'));
    expect(open).toContain('aria-label="2026-11-28 周六，12位医生有号"');
  });

  it('the chosen day is a link even with no numbers left', () => {
    const html = render('2026-11-27');
    expect(html).not.toContain('aria-disabled');
    const chosen = anchors(html).find((a) => a.includes('href="/doctorlist?date=2026-11-27"'));
    expect(chosen).toContain('aria-label="2026-11-27 周五，0位医生有号"');
    expect(chosen).toContain('aria-current="true"');
  });
});
