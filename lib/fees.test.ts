/**
 * The one table of what a visit costs (lib/fees.ts): the rounding to the fen, the points, and that every text
 * that promises a discount or a multiplier (/memberServices' card levels and rights, the seeded fees by title)
 * is read from the table rather than written again. The charging itself is held by
 * lib/backend/handlers/member-charges.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from './backend/router';
import { call, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import {
  discountText,
  feeText,
  formatYuan,
  MEMBER_LEVELS,
  memberLevel,
  pointsForPayment,
  pointsMultiplierText,
  REGISTRATION_FEE_BY_TITLE,
  registrationCharge,
  registrationFeeOfTitle,
} from './fees';

describe('registrationCharge', () => {
  it('charges the level’s percent of the list fee, rounded half up to the fen', () => {
    expect(registrationCharge(30, 3)).toEqual({ listFen: 3000, amountFen: 2550, discountFen: 450, level: 3, discountLabel: '金卡 8.5折' });
    expect(registrationCharge(15, 1).amountFen).toBe(1425);
    // 33 × 0.85 = 28.05; 0.55 × 0.95 = 0.5225 → 0.52; 0.57 × 0.95 = 0.5415 → 0.54; 0.3 × 0.85 = 0.255 → 0.26 (half up).
    expect(registrationCharge(33, 3).amountFen).toBe(2805);
    expect(registrationCharge(0.55, 1).amountFen).toBe(52);
    expect(registrationCharge(0.57, 1).amountFen).toBe(54);
    expect(registrationCharge(0.3, 3).amountFen).toBe(26);
    expect(registrationCharge(50, 4)).toMatchObject({ amountFen: 4000, discountLabel: '钻石卡 8折' });
  });

  it('prices an unknown or missing level as 普卡, and a free registration with no discount label', () => {
    expect(registrationCharge(30, 0).discountLabel).toBe('普卡 9.5折');
    expect(registrationCharge(30, null).amountFen).toBe(2850);
    expect(registrationCharge(0, 4)).toMatchObject({ amountFen: 0, discountLabel: '' });
  });
});

describe('pointsForPayment', () => {
  it('is the yuan paid times the level’s multiplier, rounded down', () => {
    expect(pointsForPayment(2550, 3)).toBe(38); // 25.50 × 1.5 = 38.25
    expect(pointsForPayment(2700, 2)).toBe(32); // 27 × 1.2 = 32.4
    expect(pointsForPayment(1425, 1)).toBe(14);
    expect(pointsForPayment(4000, 4)).toBe(80);
    expect(pointsForPayment(99, 4)).toBe(1);
    expect(pointsForPayment(0, 4)).toBe(0);
  });
});

describe('texts', () => {
  it('write money to the fen without a float’s tail', () => {
    expect(formatYuan(30)).toBe('30');
    expect(formatYuan(25.5)).toBe('25.50');
    expect(formatYuan(0.1 + 0.2)).toBe('0.30');
    expect(feeText({ fee: 30, amount: 25.5, discountLabel: '金卡 8.5折' })).toBe('挂号费 ￥30 · 会员折扣 金卡 8.5折 · 实付 ￥25.50');
    expect(feeText({ fee: 30, amount: 30, discountLabel: '' })).toBe('挂号费 ￥30');
  });

  it('say each level’s discount and multiplier as /memberServices promises them', () => {
    expect(MEMBER_LEVELS.map((l) => `${l.name} ${discountText(l.registrationPercent)} ${pointsMultiplierText(l.pointsTenths)}`)).toEqual([
      '普卡 9.5折 1倍积分',
      '银卡 9折 1.2倍积分',
      '金卡 8.5折 1.5倍积分',
      '钻石卡 8折 2倍积分',
    ]);
    expect(memberLevel(3).name).toBe('金卡');
  });

  it('give each title its fee, the lowest for a title not listed', () => {
    expect(REGISTRATION_FEE_BY_TITLE.map((r) => registrationFeeOfTitle(r.title))).toEqual([50, 30, 15]);
    expect(registrationFeeOfTitle('医师')).toBe(15);
  });
});

describe('the pages read the table', () => {
  let backend: Backend;
  beforeAll(() => {
    backend = createBackend({ dbPath: tempDbPath('fees'), jwtSecret: TEST_SECRET, log: () => {} });
  });
  afterAll(() => backend.db.close());

  it('/memberServices’ card levels and rights say what the table charges and credits', async () => {
    const r = await call(backend, 'VIP_Member/GetSysMemberRightsList', {});
    expect(r.ErrorNo).toBe(1);
    const levels = r.Result.CardLevels as { Level: number; Discount: string }[];
    for (const l of MEMBER_LEVELS) {
      expect(levels.find((x) => x.Level === l.level)!.Discount).toMatch(new RegExp(`^挂号费${discountText(l.registrationPercent)}(、|$)`));
    }
    const rights = r.Result.DataList as { Title: string; Levels: { Level: number; Benefit: string }[] }[];
    const benefit = (title: string) => rights.find((x) => x.Title === title)!.Levels.map((b) => b.Benefit);
    expect(benefit('挂号优惠')).toEqual(MEMBER_LEVELS.map((l) => discountText(l.registrationPercent)));
    expect(benefit('消费积分')).toEqual(MEMBER_LEVELS.map((l) => pointsMultiplierText(l.pointsTenths)));
  });

  it('every seeded doctor’s fee is the fee of their title', () => {
    const rows = backend.db.prepare('SELECT title, register_fee AS fee FROM doctors').all() as { title: string; fee: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const d of rows) expect(d.fee, d.title).toBe(registrationFeeOfTitle(d.title));
  });

  it('no other source file writes a discount or a multiplier of its own', () => {
    const root = process.cwd();
    const files = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
        const rel = path.join(dir, e.name);
        if (e.isDirectory()) return files(rel);
        return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
      });
    const offenders = ['app', 'components', 'lib']
      .flatMap(files)
      .filter((f) => f !== path.join('lib', 'fees.ts'))
      .filter((f) => /['"`]\d(\.\d)?折|\d\.\d倍积分|挂号费\d/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
