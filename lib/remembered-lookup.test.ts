import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberedLookup } from './remembered-lookup';

describe('rememberedLookup', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('asks once while an answer is remembered, and again after ttlMs', async () => {
    const remembered = rememberedLookup<string>({ ttlMs: 1000, failureTtlMs: 100, maxEntries: 10 });
    const lookUp = vi.fn(async () => 'a');
    expect(await remembered('k', lookUp)).toBe('a');
    expect(await remembered('k', lookUp)).toBe('a');
    expect(lookUp).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 1001);
    await remembered('k', lookUp);
    expect(lookUp).toHaveBeenCalledTimes(2);
  });

  it('tells what it remembers without asking: an answer, a failure, or nothing once forgotten', async () => {
    const remembered = rememberedLookup<string>({ ttlMs: 1000, failureTtlMs: 100, maxEntries: 10 });
    expect(remembered.known('k')).toBeUndefined();
    const asked = remembered('k', async () => 'a');
    // A lookup still out is not an answer yet.
    expect(remembered.known('k')).toBeUndefined();
    await asked;
    expect(remembered.known('k')).toEqual(expect.objectContaining({ value: 'a' }));
    await remembered('gone', async () => null);
    expect(remembered.known('gone')).toEqual(expect.objectContaining({ value: null }));
    vi.setSystemTime(Date.now() + 101);
    expect(remembered.known('gone')).toBeUndefined();
    expect(remembered.known('k')).toEqual(expect.objectContaining({ value: 'a' }));
    vi.setSystemTime(Date.now() + 1000);
    expect(remembered.known('k')).toBeUndefined();
  });

  it('remembers no answer and a lookup that threw for failureTtlMs only', async () => {
    const remembered = rememberedLookup<string>({ ttlMs: 1000, failureTtlMs: 100, maxEntries: 10 });
    const failing = vi.fn(async (): Promise<string> => {
      throw new Error('host down');
    });
    expect(await remembered('k', failing)).toBeNull();
    expect(await remembered('k', failing)).toBeNull();
    expect(failing).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 101);
    expect(await remembered('k', async () => 'back')).toBe('back');
  });

  it('asks once for a key asked again while its lookup is out, and answers every caller', async () => {
    const remembered = rememberedLookup<string>({ ttlMs: 1000, failureTtlMs: 100, maxEntries: 10 });
    let answer: (value: string) => void = () => {};
    const lookUp = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const first = remembered('k', lookUp);
    const second = remembered('k', lookUp);
    expect(lookUp).toHaveBeenCalledTimes(1);
    answer('a');
    expect(await Promise.all([first, second])).toEqual(['a', 'a']);
    // Once answered it is remembered, and another key is asked for itself.
    expect(await remembered('k', lookUp)).toBe('a');
    expect(lookUp).toHaveBeenCalledTimes(1);
    const other = remembered('j', lookUp);
    answer('b');
    expect(await other).toBe('b');
    expect(lookUp).toHaveBeenCalledTimes(2);
  });

  it('forgets the oldest entry past maxEntries', async () => {
    const remembered = rememberedLookup<string>({ ttlMs: 1000, failureTtlMs: 100, maxEntries: 2 });
    const lookUp = vi.fn(async () => 'x');
    await remembered('a', lookUp);
    await remembered('b', lookUp);
    await remembered('c', lookUp);
    expect(lookUp).toHaveBeenCalledTimes(3);
    await remembered('c', lookUp);
    await remembered('b', lookUp);
    expect(lookUp).toHaveBeenCalledTimes(3);
    await remembered('a', lookUp);
    expect(lookUp).toHaveBeenCalledTimes(4);
  });
});
