import { describe, expect, it } from 'vitest';
import { idParam, pageParam, singleParam } from './search-params';

describe('search params (never a 500 on malformed input)', () => {
  it('reads single values and rejects arrays, oversized values and markup', () => {
    expect(singleParam({ sn: 'PG0001' }, 'sn')).toBe('PG0001');
    expect(singleParam({}, 'sn')).toBeUndefined();
    expect(singleParam({ sn: ['a', 'b'] }, 'sn')).toBeNull();
    expect(singleParam({ sn: 'x'.repeat(10_000) }, 'sn')).toBeNull();
    expect(singleParam({ sn: '<script>' }, 'sn')).toBeNull();
    expect(singleParam({ sn: 'a\u0000b' }, 'sn')).toBeNull();
  });
  it('reads page numbers and ids', () => {
    expect(pageParam({})).toBe(1);
    expect(pageParam({ page: '3' })).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'abc', '../', '9999999']) expect(pageParam({ page: bad })).toBeNull();
    expect(idParam({ id: '12' })).toBe(12);
    for (const bad of ['', '0', 'x', '1e3', '%00', '1'.repeat(20)]) expect(idParam({ id: bad })).toBeNull();
    expect(idParam({ id: ['1', '2'] })).toBeNull();
  });
});
