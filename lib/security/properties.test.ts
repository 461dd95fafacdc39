import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeInternalPath } from '@/lib/routes';
import { idCardCheckChar, validateIdCard } from '@/lib/validation';

// docs/security.md "Fuzzing": properties of the redirect validator (SPEC §2 /redirect)
// and the ID-card validator (SPEC §5) over hostile and random inputs.

const hostilePieces = fc.constantFrom(
  '/', '//', '\\', '/\\', '%2F', '%2f', '%5C', '%5c', '%00', '\u0000', '\t', '\n', '\r', '@', ':', 'http:', 'https:',
  'javascript:', 'data:', '.', '..', '../', '%2e%2e/', 'evil.example', '?', '#', '&', '=', '%', '%%', '\u3000', '／',
  '<script>', '\u202e', 'ｅｖｉｌ', ' ', 'localhost', '127.0.0.1', '%E4%B8%AD', '中', '%ZZ',
);
const hostilePath = fc.array(fc.oneof(hostilePieces, fc.string({ maxLength: 6 }), fc.webPath()), { maxLength: 12 }).map((a) => a.join(''));

describe('safeInternalPath', () => {
  it('never returns a target that leaves the site', () => {
    fc.assert(
      fc.property(fc.oneof(hostilePath, fc.webUrl(), fc.string({ maxLength: 64 })), (target) => {
        const out = safeInternalPath(target);
        if (out === null) return;
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//')).toBe(false);
        expect(out.startsWith('/\\')).toBe(false);
        // A browser resolving the result against our origin stays on it.
        expect(new URL(out, 'https://site.example').origin).toBe('https://site.example');
        expect(out).not.toMatch(/[\u0000-\u001f\u007f\\]/);
        expect(out.startsWith('/redirect')).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses dot segments that collapse into another host (regression found by the property above)', () => {
    for (const target of ['/..//evil.example', '/.//evil.example', '/a/..//evil.example', '/%2e%2e//evil.example', '/x/../\\evil.example']) {
      expect(safeInternalPath(target), target).toBeNull();
    }
  });

  it('keeps ordinary internal paths as they are', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join('/')}`;
        fc.pre(!path.startsWith('/redirect'));
        expect(safeInternalPath(path)).toBe(path);
      }),
    );
  });

  it('never throws, whatever the input type', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => safeInternalPath(value as string)).not.toThrow();
      }),
    );
  });
});

/** A valid 18-digit number for a given birthday and serial. */
const validIdCard = fc
  .record({
    // A GB/T 2260 province (validateIdCard checks the first two digits), then any four digits.
    area: fc.tuple(fc.constantFrom('11', '31', '44', '53', '65', '81'), fc.stringMatching(/^\d{4}$/)).map(([p, rest]) => p + rest),
    birth: fc.date({ min: new Date(1901, 0, 1), max: new Date(2020, 11, 31), noInvalidDate: true }),
    serial: fc.stringMatching(/^\d{3}$/),
  })
  .map(({ area, birth, serial }) => {
    const ymd = `${birth.getFullYear()}${String(birth.getMonth() + 1).padStart(2, '0')}${String(birth.getDate()).padStart(2, '0')}`;
    const first17 = `${area}${ymd}${serial}`;
    return first17 + idCardCheckChar(first17);
  });

describe('validateIdCard', () => {
  const today = new Date(2026, 10, 21);

  it('never throws and always answers ok or a Chinese message', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.stringMatching(/^[\dXx]{14,19}$/), hostilePath), (input) => {
        const r = validateIdCard(input, today);
        if (!r.ok) expect(r.message).toMatch(/[\u4e00-\u9fff]/);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepted ⇒ the checksum and the birth date are valid', () => {
    fc.assert(
      fc.property(fc.oneof(validIdCard, fc.stringMatching(/^\d{17}[\dX]$/), fc.stringMatching(/^\d{15}$/)), (input) => {
        const r = validateIdCard(input, today);
        if (!r.ok) return;
        const n = r.value.number;
        // Always stored in the 18-digit form, with its check character.
        expect(n).toHaveLength(18);
        expect(idCardCheckChar(n.slice(0, 17))).toBe(n[17]);
        const [y, m, d] = r.value.birthday.split('-').map(Number) as [number, number, number];
        const date = new Date(y, m - 1, d);
        expect(date.getFullYear()).toBe(y);
        expect(date.getMonth()).toBe(m - 1);
        expect(date.getDate()).toBe(d);
        expect(date.getTime()).toBeLessThanOrEqual(today.getTime());
        expect(r.value.age).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('every well-formed number is accepted, and changing its check digit rejects it', () => {
    fc.assert(
      fc.property(validIdCard, fc.constantFrom(...'0123456789X'), (id, other) => {
        expect(validateIdCard(id, today).ok).toBe(true);
        fc.pre(other !== id[17]);
        expect(validateIdCard(id.slice(0, 17) + other, today).ok).toBe(false);
      }),
    );
  });
});
