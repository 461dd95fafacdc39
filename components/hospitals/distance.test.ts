import { describe, expect, it } from 'vitest';
import { formatDistance } from '@/lib/format';
import { distanceKm, parsePosition } from './distance';

describe('clinic distance (SPEC §9: under 1 km in meters)', () => {
  it('computes km and formats under 1 km in meters', () => {
    const kunming = { lat: 25.0429, lng: 102.7064 };
    expect(distanceKm(kunming, kunming)).toBe(0);
    const near = distanceKm(kunming, { lat: 25.0470, lng: 102.7064 });
    expect(formatDistance(near)).toMatch(/^\d+m$/);
    const dali = distanceKm(kunming, { lat: 25.6065, lng: 100.2676 });
    expect(dali).toBeGreaterThan(240);
    expect(dali).toBeLessThan(260);
    expect(formatDistance(dali)).toMatch(/km$/);
  });
  it('reads a position from the URL or refuses it', () => {
    expect(parsePosition('25.04291', '102.70641')).toEqual({ lat: 25.043, lng: 102.706 });
    expect(parsePosition('91', '1')).toBeNull();
    expect(parsePosition('x', '1')).toBeNull();
    expect(parsePosition(undefined, '1')).toBeNull();
  });
});
