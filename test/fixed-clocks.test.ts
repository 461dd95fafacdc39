import { describe, expect, it } from 'vitest';
import { comingChinaTime, FIXED_CLOCKS } from '../e2e/support/clocks';

/** The three clocks `npm test` runs the hour-dependent browser tests at (e2e/support/clocks.ts, playwright.config.ts). */
describe('comingChinaTime', () => {
  // 2026-11-27 13:40 UTC is 21:40 China time.
  const now = Date.parse('2026-11-27T13:40:00Z');

  it('is the coming hh:mm China time, ahead of the real clock', () => {
    expect(comingChinaTime(23, 55, now)).toBe('2026-11-27T15:55:00.000Z'); // 23:55 tonight in China
    expect(comingChinaTime(8, 0, now)).toBe('2026-11-28T00:00:00.000Z'); // 08:00 tomorrow morning
    expect(comingChinaTime(20, 45, now)).toBe('2026-11-28T12:45:00.000Z'); // 20:45 has passed today: tomorrow's
  });

  it('keeps a lead over the real clock: a time a few minutes off is the next day’s', () => {
    expect(comingChinaTime(21, 45, now)).toBe('2026-11-28T13:45:00.000Z');
    expect(comingChinaTime(21, 55, now)).toBe('2026-11-27T13:55:00.000Z');
  });

  it('turns the China date at 16:00 UTC, whatever the UTC date', () => {
    // 2026-11-27 16:30 UTC is already 00:30 on the 28th in China: the coming 08:00 is that morning.
    expect(comingChinaTime(8, 0, Date.parse('2026-11-27T16:30:00Z'))).toBe('2026-11-28T00:00:00.000Z');
  });

  it('the three clocks are the morning, the evening after the last slot and five minutes before midnight', () => {
    expect(FIXED_CLOCKS.map((c) => `${c.name} ${c.hour}:${c.minute}`)).toEqual(['clock-0800 8:0', 'clock-2045 20:45', 'clock-2355 23:55']);
  });
});
