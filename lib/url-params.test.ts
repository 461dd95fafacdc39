import { describe, expect, it } from 'vitest';
import { optionalSegment, parseChoice, parseCode, parseId, parseKeyword, parsePage, parseYear, single } from './url-params';

// The union of the former page-params, list-query and search-params tests: each
// call is written the way its pages now call it (list pages fall back with `??`).
describe('page params (docs/security.md: malformed input never a 500)', () => {
  it('parseId', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(undefined)).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'abc', '%00', '<script>', '../1', '01', '9'.repeat(11), ['1', '2'], '', ' 1']) {
      expect(parseId(bad as string)).toBeNull();
    }
  });
  it('parsePage', () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBeNull();
    expect(parsePage('99999')).toBeNull();
    expect(parsePage(['1', '2'])).toBeNull();
  });
  it('parseYear', () => {
    expect(parseYear('2024')).toBe(2024);
    expect(parseYear('1')).toBeNull();
    expect(parseYear(undefined)).toBeUndefined();
  });
  it('parseKeyword', () => {
    expect(parseKeyword('  失眠 \u0000 ')).toBe('失眠');
    expect(parseKeyword(undefined)).toBe('');
    expect(parseKeyword('x'.repeat(10_000))).toBeNull();
    expect(parseKeyword(['a', 'b'])).toBeNull();
  });
  it('parseChoice', () => {
    expect(parseChoice(undefined, ['news', 'doctors'] as const)).toBe('news');
    expect(parseChoice('doctors', ['news', 'doctors'] as const)).toBe('doctors');
    expect(parseChoice('x', ['news', 'doctors'] as const)).toBeNull();
  });
});

describe('list-query (never a 500 on malformed parameters)', () => {
  it('rejects repeated, oversized and malformed values', () => {
    expect(single(['1', '2'], 100) ?? undefined).toBeUndefined();
    expect(single('x'.repeat(10_000), 100) ?? undefined).toBeUndefined();
    expect(parseId('12')).toBe(12);
    for (const bad of ['0', '-1', '1e3', '<script>', '../', '\u0000', '1234567890']) expect(parseId(bad)).toBeNull();
    expect(parseCode('D100001')).toBe('D100001');
    for (const bad of ['', '../etc', '<script>', 'a b', '\u0000', 'x'.repeat(41)]) expect(parseCode(bad)).toBeNull();
  });

  it('defaults the page and cleans the keyword', () => {
    expect(parsePage('3', 1000) ?? 1).toBe(3);
    expect(parsePage('0', 1000) ?? 1).toBe(1);
    expect(parsePage(['2', '3'], 1000) ?? 1).toBe(1);
    expect(parsePage('99999', 1000) ?? 1).toBe(1);
    expect(parseKeyword(' <b>失眠</b> ', 200)?.slice(0, 50) ?? '').toBe('b失眠/b');
  });

  it('reads an optional catch-all with at most one segment', () => {
    expect(optionalSegment(undefined)).toBe('');
    expect(optionalSegment(['215'])).toBe('215');
    expect(optionalSegment(['215', 'x'])).toBeNull();
  });
});

describe('search params (never a 500 on malformed input)', () => {
  it('reads single values and rejects arrays, oversized values and markup', () => {
    expect(single('PG0001')).toBe('PG0001');
    expect(single(undefined)).toBeUndefined();
    expect(single(['a', 'b'])).toBeNull();
    expect(single('x'.repeat(10_000))).toBeNull();
    expect(single('<script>')).toBeNull();
    expect(single('a\u0000b')).toBeNull();
  });
  it('reads page numbers and ids', () => {
    expect(parsePage(undefined, 999_999)).toBe(1);
    expect(parsePage('3', 999_999)).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'abc', '../', '9999999']) expect(parsePage(bad, 999_999)).toBeNull();
    expect(parseId('12')).toBe(12);
    for (const bad of ['', '0', 'x', '1e3', '%00', '1'.repeat(20)]) expect(parseId(bad)).toBeNull();
    expect(parseId(['1', '2'])).toBeNull();
  });
});
