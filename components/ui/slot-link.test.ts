import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ScheduleSlot } from '@/lib/api/doctors';
import { SlotLink } from './slot-link';

/**
 * 已截止 only shows once a period has started, so the route audit's axe pass
 * meets it at some hours of the day and not others (CI failed on it one
 * afternoon). Every state is rendered here, whatever the clock says, and none
 * may use a text colour that fails WCAG AA (4.5:1) on the white schedule table.
 */
const FAINT_ON_WHITE = /\btext-(?:stone|gray|slate|zinc|neutral)-(?:50|100|200|300|400)\b/;

const slot: ScheduleSlot = {
  id: 'S1',
  date: '2026-11-24',
  weekday: '周二',
  shiftId: 1,
  shiftName: '上午',
  start: '08:30',
  end: '12:00',
  doctorCode: 'D100001',
  doctorName: '李明',
  doctorTitle: '主任医师',
  clinicCode: 'SA0101',
  clinicName: '圣爱中医昆明五华门诊',
  total: 20,
  remaining: 3,
  fee: 30,
  bookState: 'open',
};

describe('SlotLink (SPEC §4 booking states)', () => {
  it.each(['open', 'full', 'closed'] as const)('%s: readable text colour and a label a screen reader can use', (bookState) => {
    const html = renderToStaticMarkup(createElement(SlotLink, { slot: { ...slot, bookState } }));
    expect(html).not.toMatch(FAINT_ON_WHITE);
    expect(html).toMatch({ open: /余3/, full: /约满/, closed: /已截止/ }[bookState]);
  });

  it('a full slot is no dead end: it links to its booking page, which offers other times and doctors', () => {
    const html = renderToStaticMarkup(createElement(SlotLink, { slot: { ...slot, bookState: 'full' } }));
    expect(html).toContain('href="/booking?slot=S1"');
    expect(html).toContain('aria-label="李明 2026-11-24 上午 08:30-12:00 已约满，查看其他可约时段"');
  });
});
