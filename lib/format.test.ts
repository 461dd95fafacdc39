import { describe, expect, it } from 'vitest';
import { formatDate, formatDistance, formatPoints, maskPhone } from './format';

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
