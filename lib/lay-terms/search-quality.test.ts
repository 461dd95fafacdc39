/**
 * A floor under the search's quality on the development half of the patient phrasings (docs/site-search.md
 * "Measured"; bench/search-quality.ts): a quality gate, not a timing. The held-out half is measured by the
 * bench and reported in the doc, never here, so no test tunes against it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend } from '@/lib/backend/router';
import { measureHalf, readPhrasings } from '../../bench/search-quality';

const backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('search-quality-test-0123456789abcdef'), log: () => {} });
afterAll(() => backend.db.close());

describe('the development half of the patient phrasings', () => {
  it('holds at least 290 phrasings, and the two halves with the held-out one hold at least 600, none twice', () => {
    const dev = readPhrasings('development').map((p) => p.phrase);
    const held = readPhrasings('held-out').map((p) => p.phrase);
    expect(dev.length).toBeGreaterThanOrEqual(290);
    expect(dev.length + held.length).toBeGreaterThanOrEqual(600);
    expect(new Set([...dev, ...held]).size).toBe(dev.length + held.length);
  });

  it('finds a doctor or a department page of a right department for at least 95 %, and the doctors listed treat what was asked (95 %)', async () => {
    const f = await measureHalf(backend, 'development');
    expect(f.hitRate, f.misses.map((m) => m.phrase).join('、')).toBeGreaterThanOrEqual(0.95);
    expect(f.precision, f.strays.map((m) => m.phrase).join('、')).toBeGreaterThanOrEqual(0.95);
  }, 60_000);
});
