/**
 * The data cache keeps only what the site's content bounds (lib/api/cache.ts, docs/security.md "Abuse from many
 * clients"): a read keyed by a visitor's keyword, an unknown id and an empty page past the end never become an
 * entry of Next's data cache on disk; they are remembered in a bounded memory instead, so the API host is not
 * asked again at once. unstable_cache is replaced by a recorder of what it would write.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const written: string[] = [];
vi.mock('next/cache', () => ({
  unstable_cache:
    <T>(fn: () => Promise<T>, key: string[]) =>
    async () => {
      const value = await fn();
      // Next writes an entry only for a call that resolved.
      written.push(key.join('|'));
      return value;
    },
}));

const { BOUNDED_READS, cachedRead, forgetBoundedReads } = await import('./cache');

beforeEach(() => {
  written.length = 0;
  forgetBoundedReads();
});

const options = { tags: ['doctors'], revalidate: 300 };

describe('cachedRead', () => {
  it('keeps a found item and a list page in the data cache', async () => {
    await cachedRead(['doctor', 'D100001'], async () => ({ name: '张医生' }), options);
    await cachedRead(['doctor-page', '{"PageIndex":1}'], async () => ({ items: [], total: 0, page: 1, pageSize: 10 }), options);
    expect(written).toEqual(['doctor|D100001', 'doctor-page|{"PageIndex":1}']);
  });

  it('never writes an unknown id or an empty page past the first, and asks the host once a minute for it', async () => {
    const unknown = vi.fn(async () => null);
    const pastTheEnd = vi.fn(async () => ({ items: [], total: 12, page: 99, pageSize: 10 }));
    for (let i = 0; i < 3; i++) {
      expect(await cachedRead(['doctor', 'NOPE'], unknown, options)).toBeNull();
      expect(await cachedRead(['doctor-page', '{"PageIndex":99}'], pastTheEnd, options)).toMatchObject({ page: 99, items: [] });
    }
    expect(written).toEqual([]);
    expect(unknown).toHaveBeenCalledTimes(1);
    expect(pastTheEnd).toHaveBeenCalledTimes(1);
  });

  it('keeps a visitor-chosen keyword in memory only, and a failed read not at all', async () => {
    const found = vi.fn(async () => ({ items: [{ name: '针灸科' }], total: 1, page: 1, pageSize: 3 }));
    for (let i = 0; i < 3; i++) await cachedRead(['doctor-page', '{"Keyword":"针灸"}'], found, { ...options, visitorChosen: true });
    expect(found).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => {
      throw new Error('host down');
    });
    await expect(cachedRead(['doctor-page', '{"Keyword":"x"}'], failing, { ...options, visitorChosen: true })).rejects.toThrow('host down');
    await expect(cachedRead(['doctor-page', '{"Keyword":"x"}'], failing, { ...options, visitorChosen: true })).rejects.toThrow('host down');
    expect(failing).toHaveBeenCalledTimes(2);
    expect(written).toEqual([]);
  });

  it('10,000 distinct keywords and unknown ids write nothing and hold at most the memory\'s bound', async () => {
    let reads = 0;
    for (let i = 0; i < 10_000; i++) {
      await cachedRead(['doctor-page', `{"Keyword":"词${i}"}`], async () => (reads++, { items: [], total: 0, page: 1, pageSize: 3 }), {
        ...options,
        visitorChosen: true,
      });
      await cachedRead(['doctor', `U${i}`], async () => (reads++, null), options);
    }
    expect(written).toEqual([]);
    expect(reads).toBe(20_000);
    const size = (globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('shengai.bounded-reads')]?.size ?? 0;
    expect(size).toBeLessThanOrEqual(BOUNDED_READS.maxEntries);
  });
});
