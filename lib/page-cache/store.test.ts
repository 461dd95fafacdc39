import { describe, expect, it } from 'vitest';
import { PageStore, pageCacheState, purgePageCache, randomToken, type CachedPage } from './store';

function page(bytes: number): CachedPage {
  const x = Buffer.from('x');
  return { status: 200, headers: [], body: { gzip: x, br: x, csp: '' }, bytes, renderedAt: 0, refreshAt: 0 };
}

describe('PageStore', () => {
  it('evicts the least recently used page past the entry limit', () => {
    const store = new PageStore({ maxEntries: 2, maxBytes: 1_000 });
    store.set('a', page(1));
    store.set('b', page(1));
    store.get('a'); // a is now the most recently used
    store.set('c', page(1));
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
  });

  it('evicts past the byte limit and counts replaced pages once', () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 100 });
    store.set('a', page(40));
    store.set('a', page(40));
    expect(store.bytes).toBe(40);
    store.set('b', page(40));
    store.set('c', page(40));
    expect(store.get('a')).toBeUndefined();
    expect(store.bytes).toBe(80);
    expect(store.size).toBe(2);
  });

  it('does not keep a page larger than the whole store', () => {
    const store = new PageStore({ maxEntries: 10, maxBytes: 100 });
    store.set('a', page(10));
    store.set('huge', page(101));
    expect(store.get('huge')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
  });
});

describe('page cache state', () => {
  it('is one per process, whichever bundle asks (proxy.ts and the server actions)', () => {
    const state = pageCacheState();
    expect(pageCacheState()).toBe(state);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('shengai.page-cache')]).toBe(state);
  });

  it('uses unguessable tokens that no encoder escapes', () => {
    const tokens = new Set(Array.from({ length: 200 }, randomToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9]{24}$/);
    const { renderSecret, placeholderNonce } = pageCacheState();
    expect(renderSecret).not.toBe(placeholderNonce);
  });

  it('a purge empties both stores and bumps the generation', () => {
    const state = pageCacheState();
    state.shared.set('/', page(1));
    state.perVisitor.set('/doctorlist', page(1));
    const generation = state.generation;
    purgePageCache();
    expect(state.shared.size + state.perVisitor.size).toBe(0);
    expect(state.generation).toBe(generation + 1);
  });
});
