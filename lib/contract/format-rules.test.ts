/**
 * The wire's format rules (lib/contract): one function per rule, read by lib/api, lib/backend and the forms that
 * feed them, so the two sides of the SPEC §7 contract cannot drift apart (docs/architecture.md).
 */
import { describe, expect, it } from 'vitest';
import {
  ErrorNo,
  formatScheduleId,
  IDEMPOTENCY_KEY,
  isGoodsSn,
  isIdempotencyKey,
  isMissing,
  isRegisterNo,
  newIdempotencyKey,
  parseScheduleId,
  SCHEDULE_ID,
} from '@/lib/contract';

describe('the "no such thing" errors (SPEC §8)', () => {
  it('are not found (404) and bad input (0), which a malformed id earns', () => {
    expect(isMissing(ErrorNo.NOT_FOUND)).toBe(true);
    expect(isMissing(404)).toBe(true);
    expect(isMissing(ErrorNo.BAD_INPUT)).toBe(true);
    expect(isMissing(0)).toBe(true);
  });

  it('are not success, a refusal, a session error, a limit or a server fault', () => {
    for (const n of [ErrorNo.OK, ErrorNo.REFUSED, ErrorNo.UNAUTHORIZED, ErrorNo.TOKEN_EXPIRED, ErrorNo.REFRESH_EXPIRED, ErrorNo.VIP_NOT_BOUND, ErrorNo.TOO_FAST, ErrorNo.SERVER, -2]) {
      expect(isMissing(n), String(n)).toBe(false);
    }
  });
});

describe('the idempotency key of a write made once (ExchangeGoods, BookRegister)', () => {
  it('is 8 to 64 letters, digits, "_" or "-"', () => {
    expect(isIdempotencyKey('abcd1234')).toBe(true);
    expect(isIdempotencyKey('a'.repeat(64))).toBe(true);
    expect(isIdempotencyKey('tz-test_2330')).toBe(true);
    expect(isIdempotencyKey('0f8e2d4c-6b1a-4f3e-9d7c-5a2b1c0e9f8d')).toBe(true);
  });

  it('refuses a short, long, empty or odd key', () => {
    for (const key of ['', 'abc1234', 'a'.repeat(65), '%00%00%00%00', 'abcd 1234', 'abcd1234\n', '键键键键键键键键', "1' OR 1=1 --"]) {
      expect(isIdempotencyKey(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('is what newIdempotencyKey makes: 32 hex digits, a new one each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(isIdempotencyKey(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('is one pattern for zod schemas and the backend alike: both give the known answer for each key', () => {
    // Each key with the answer the rule's words give (8 to 64 of A–Z a–z 0–9 _ -), not one side read against the other.
    const cases: [string, boolean][] = [
      ['abcd1234', true],
      ['A_b-C_d-', true],
      ['z'.repeat(64), true],
      ['abc1234', false],
      ['z'.repeat(65), false],
      ['abcd.1234', false],
      ['abcd+1234', false],
    ];
    for (const [key, valid] of cases) {
      expect(IDEMPOTENCY_KEY.test(key), `IDEMPOTENCY_KEY ${key}`).toBe(valid);
      expect(isIdempotencyKey(key), `isIdempotencyKey ${key}`).toBe(valid);
    }
  });
});

describe('the ScheduleID: doctor id, China date, shift id and clinic code', () => {
  it('is made from its parts and read back to the same parts', () => {
    const parts = { doctorId: 12, date: '2026-11-25', shiftId: 1, orgCode: 'SA0101' };
    const id = formatScheduleId(parts);
    expect(id).toBe('12-2026-11-25-1-SA0101');
    expect(parseScheduleId(id)).toEqual(parts);
    expect(SCHEDULE_ID.test(id)).toBe(true);
  });

  it('reads a clinic code with an underscore and the largest ids', () => {
    expect(parseScheduleId('999999999-2026-12-31-99-KM_01')).toEqual({ doctorId: 999999999, date: '2026-12-31', shiftId: 99, orgCode: 'KM_01' });
  });

  it('refuses a malformed id: null, never a half-read one', () => {
    for (const id of [
      '',
      '0-2026-11-25-1-SA0101', // no doctor 0
      '012-2026-11-25-1-SA0101',
      '1234567890-2026-11-25-1-SA0101', // doctor id past 9 digits
      '12-2026-1-25-1-SA0101',
      '12-20261125-1-SA0101',
      '12-2026-11-25-0-SA0101', // no shift 0
      '12-2026-11-25-100-SA0101',
      '12-2026-11-25-1-',
      `12-2026-11-25-1-${'A'.repeat(33)}`,
      '12-2026-11-25-1-SA-0101',
      '12-2026-11-25-1-SA0101\n',
      '../12-2026-11-25-1-SA0101',
    ]) {
      expect(parseScheduleId(id), JSON.stringify(id)).toBeNull();
      expect(SCHEDULE_ID.test(id), JSON.stringify(id)).toBe(false);
    }
  });
});

describe('the register number (预约单号)', () => {
  it('is R and 4 to 40 letters, digits or "-": a booked one and a seeded front-desk one', () => {
    expect(isRegisterNo('R20261125A1B2C3D4E5')).toBe(true);
    expect(isRegisterNo('R880001-001')).toBe(true);
    expect(isRegisterNo(`R${'9'.repeat(40)}`)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const no of ['', 'R', 'R123', 'r20261125A1B2', 'X20261125A1B2', `R${'9'.repeat(41)}`, 'R2026/../x', 'R2026 1125', 'R2026%2F1125']) {
      expect(isRegisterNo(no), JSON.stringify(no)).toBe(false);
    }
  });
});

describe('the goods SN (SPEC §7 PointsMall)', () => {
  it('is 1 to 32 letters and digits', () => {
    expect(isGoodsSn('PG0001')).toBe(true);
    expect(isGoodsSn('A')).toBe(true);
    expect(isGoodsSn('A'.repeat(32))).toBe(true);
  });

  it('refuses an empty, long or odd SN', () => {
    for (const sn of ['', 'A'.repeat(33), 'PG-0001', 'PG_0001', 'PG0001 ', '<script>', '商品1', 'PG0001\n']) {
      expect(isGoodsSn(sn), JSON.stringify(sn)).toBe(false);
    }
  });
});
