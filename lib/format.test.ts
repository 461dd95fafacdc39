// Whatever zone the server runs in, the site shows China time: this file runs as a UTC server would.
process.env.TZ = 'UTC';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chinaIsoDateTime, formatDate, formatDateTime, formatDistance, formatDuration, formatPoints, isoDuration, maskPhone } from './format';

describe('formatDistance (SPEC §9: under 1 km in meters)', () => {
  it.each([
    [0, '0m'],
    [0.35, '350m'],
    [0.9994, '999m'],
    [1, '1km'],
    [2.345, '2.3km'],
    [12, '12km'],
  ])('%s km → %s', (km, text) => {
    expect(formatDistance(km)).toBe(text);
  });
  it('shows nothing for an unknown distance', () => {
    expect(formatDistance(undefined)).toBe('');
    expect(formatDistance(Number.NaN)).toBe('');
    expect(formatDistance(-1)).toBe('');
  });
});

describe('formatPoints (SPEC §9: 10000 or more in 万)', () => {
  it.each([
    [0, '0'],
    [120, '120'],
    [9999, '9999'],
    [10000, '1万'],
    [12000, '1.2万'],
    [128600, '12.86万'],
    [123456, '12.34万'],
  ])('%s → %s', (points, text) => {
    expect(formatPoints(points)).toBe(text);
  });
  it('never rounds a balance up', () => {
    expect(formatPoints(19999)).toBe('1.99万');
  });
});

describe('maskPhone and formatDate', () => {
  it('hides the middle four digits', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('123')).toBe('123');
  });
  it('keeps the date part', () => {
    expect(formatDate('2026-11-21T08:00:00Z')).toBe('2026-11-21');
    expect(formatDate('bad')).toBe('');
  });
});

describe('China time (SPEC: every date shown is China time, one formatter)', () => {
  it('turns an instant into the China date and time, across midnight in China', () => {
    expect(new Date('2026-11-20T16:30:00Z').getHours(), 'this file runs in UTC').toBe(16);
    // 23:30 and 00:30 in China are 15:30 and 16:30 of the same UTC day.
    expect(formatDateTime('2026-11-20T15:30:00.000Z')).toBe('2026-11-20 23:30');
    expect(formatDateTime('2026-11-20T16:30:00.000Z')).toBe('2026-11-21 00:30');
    expect(formatDate('2026-11-20T16:30:00.000Z')).toBe('2026-11-21');
    expect(formatDate(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(formatDateTime('2026-11-21T00:30:00+08:00')).toBe('2026-11-21 00:30');
  });

  it('reads a time without a zone as China wall-clock time, as the group writes it (docs/api.md)', () => {
    expect(formatDateTime('2026-11-18 09:30:00')).toBe('2026-11-18 09:30');
    expect(formatDateTime('2026-11-18T23:59:59')).toBe('2026-11-18 23:59');
    expect(formatDate('2026-01-01')).toBe('2026-01-01');
    expect(chinaIsoDateTime('2026-11-18 09:30:00')).toBe('2026-11-18T09:30:00+08:00');
    expect(chinaIsoDateTime('2026-11-20T16:30:00Z')).toBe('2026-11-21T00:30:00+08:00');
  });

  it('shows nothing for what is not a time', () => {
    for (const bad of ['', 'bad', '2026-02-30', '2026-11-18 25:00:00', '2026-13-01T00:00:00Z', null, undefined]) {
      expect(formatDateTime(bad), String(bad)).toBe('');
      expect(chinaIsoDateTime(bad), String(bad)).toBe('');
    }
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });

  it('agrees with the Asia/Shanghai zone of the platform for any instant since 1992', () => {
    const shanghai = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1992, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const parts = Object.fromEntries(shanghai.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
        const expected = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
        expect(formatDateTime(new Date(ms).toISOString())).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('video lengths', () => {
  it.each([
    [6, '0:06', 'PT6S'],
    [360, '6:00', 'PT6M'],
    [1200, '20:00', 'PT20M'],
    [3723, '1:02:03', 'PT1H2M3S'],
  ])('%s s → %s, %s', (seconds, shown, iso) => {
    expect(formatDuration(seconds)).toBe(shown);
    expect(isoDuration(seconds)).toBe(iso);
  });
  it('says nothing of an unknown length', () => {
    expect(formatDuration(0)).toBe('');
    expect(isoDuration(undefined)).toBe('');
  });
});
