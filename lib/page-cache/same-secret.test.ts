import { beforeEach, describe, expect, it, vi } from 'vitest';

// The compare is crypto.timingSafeEqual over equal-length digests (docs/security.md "The page cache: script hashes"): a spy on
// the real function shows every call goes through it, whatever the lengths.
const spy = vi.hoisted(() => ({ calls: [] as [Buffer, Buffer][] }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    spy.calls.push([Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)]);
    return real.timingSafeEqual(a, b);
  };
  return { ...real, default: { ...real, timingSafeEqual }, timingSafeEqual };
});

const { sameSecret } = await import('./serve');

describe('sameSecret (the page cache render secret)', () => {
  beforeEach(() => {
    spy.calls.length = 0;
  });

  it('answers true for the same secret and false for any other', () => {
    const secret = 'a3f1c2d4e5b6a7980c1d2e3f4a5b6c7d';
    expect(sameSecret(secret, secret)).toBe(true);
    expect(sameSecret(secret.slice(0, -1) + 'e', secret)).toBe(false);
    expect(sameSecret('', secret)).toBe(false);
    expect(sameSecret(secret + 'x', secret)).toBe(false);
    // Same UTF-16 length, other bytes: compared as bytes, not code units.
    expect(sameSecret('é', 'e')).toBe(false);
    expect(sameSecret('圣', '圣')).toBe(true);
  });

  it('compares through crypto.timingSafeEqual with equal-length buffers, even when the lengths differ', () => {
    sameSecret('short', 'a much longer secret than the other one');
    sameSecret('', 'x');
    sameSecret('same', 'same');
    expect(spy.calls).toHaveLength(3);
    for (const [a, b] of spy.calls) {
      expect(a.byteLength).toBe(b.byteLength);
      expect(a.byteLength).toBe(32);
    }
  });
});
