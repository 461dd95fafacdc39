import { describe, expect, it } from 'vitest';
import { parseChoice, parseId, parseKeyword, parsePage, parseYear } from './page-params';

describe('page params (issue 5: malformed input never a 500)', () => {
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
