import { describe, expect, it } from 'vitest';
import { clinicOrder, clinicTypeFilter } from './clinic-list-rules';
import { distanceKm } from './distance';

describe('clinic order (docs/clinic-directions.md)', () => {
  it('is nearest first by default after 使用我的位置', () => {
    expect(clinicOrder(undefined, { source: 'browser' })).toBe('distance');
    expect(clinicOrder('default', { source: 'browser' })).toBe('default');
  });
  it('keeps the group order for an IP position unless distance is asked for', () => {
    expect(clinicOrder(undefined, { source: 'ip' })).toBe('default');
    expect(clinicOrder('distance', { source: 'ip' })).toBe('distance');
  });
  it('falls back to the default order without a position or for a bad value', () => {
    expect(clinicOrder('distance', null)).toBe('default');
    expect(clinicOrder('nearest', { source: 'ip' })).toBe('default');
    expect(clinicOrder(['distance', 'default'], { source: 'ip' })).toBe('default');
  });
  it('measures distances that put a nearer clinic first', () => {
    const me = { lat: 25.04, lng: 102.71 }; // 昆明
    const dali = { lat: 25.6065, lng: 100.2676 };
    const kunming = { lat: 25.0406, lng: 102.7123 };
    expect(distanceKm(me, kunming)).toBeLessThan(1);
    expect(distanceKm(me, dali)).toBeGreaterThan(200);
  });
});

describe('clinic type filter', () => {
  const types = [{ id: 1 }, { id: 3 }];
  it('accepts a known type and nothing', () => {
    expect(clinicTypeFilter('3', types)).toBe(3);
    expect(clinicTypeFilter(undefined, types)).toBeUndefined();
    expect(clinicTypeFilter('', types)).toBeUndefined();
  });
  it('rejects unknown and malformed types (the page answers 404)', () => {
    expect(clinicTypeFilter('2', types)).toBeNull();
    expect(clinicTypeFilter('1 OR 1=1', types)).toBeNull();
    expect(clinicTypeFilter(['1', '3'], types)).toBeNull();
    expect(clinicTypeFilter('-1', types)).toBeNull();
  });
});
