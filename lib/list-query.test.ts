import { describe, expect, it } from 'vitest';
import { keywordParam, optionalSegment, pageParam, parseCode, parseId, singleParam } from './list-query';

describe('list-query (never a 500 on malformed parameters)', () => {
  it('rejects repeated, oversized and malformed values', () => {
    expect(singleParam({ id: ['1', '2'] }, 'id')).toBeUndefined();
    expect(singleParam({ id: 'x'.repeat(10_000) }, 'id')).toBeUndefined();
    expect(parseId('12')).toBe(12);
    for (const bad of ['0', '-1', '1e3', '<script>', '../', '\u0000', '1234567890']) expect(parseId(bad)).toBeNull();
    expect(parseCode('D100001')).toBe('D100001');
    for (const bad of ['', '../etc', '<script>', 'a b', '\u0000', 'x'.repeat(41)]) expect(parseCode(bad)).toBeNull();
  });

  it('defaults the page and cleans the keyword', () => {
    expect(pageParam({ page: '3' })).toBe(3);
    expect(pageParam({ page: '0' })).toBe(1);
    expect(pageParam({ page: ['2', '3'] })).toBe(1);
    expect(pageParam({ page: '99999' })).toBe(1);
    expect(keywordParam({ q: ' <b>失眠</b> ' })).toBe('b失眠/b');
  });

  it('reads an optional catch-all with at most one segment', () => {
    expect(optionalSegment(undefined)).toBe('');
    expect(optionalSegment(['215'])).toBe('215');
    expect(optionalSegment(['215', 'x'])).toBeNull();
  });
});
