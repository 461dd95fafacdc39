/**
 * What a visit costs, in one table (docs/architecture.md "Where each rule is written"): the registration fee
 * by the doctor's title, and per member card level the 挂号费 discount and the points a yuan paid earns. The
 * embedded backend charges and credits from it (lib/backend/handlers/booking.ts), the seed writes the fees and
 * the /memberServices texts from it (lib/backend/seed), and the pages show it (the booking page's price, the
 * records, the appointment page, /pricePublicity). Change a row here and every one of them follows.
 *
 * Money is counted in fen (integers) and shown in yuan: a discount rounds to the fen, half up, once, when the
 * booking is made; the amount stored then is what is paid, refunded and shown.
 *
 * A leaf module: it imports nothing, so lib/backend and the pages can both read it.
 */

/** One card level: the account holder's level prices every booking they make, whoever the 就诊人 is. */
export interface MemberLevel {
  level: 1 | 2 | 3 | 4;
  name: string;
  /** What the registration fee is charged at, in percent of the list fee (95 = 9.5折). */
  registrationPercent: number;
  /** Points earned per yuan paid, in tenths (12 = 1.2倍积分). */
  pointsTenths: number;
}

export const MEMBER_LEVELS: readonly MemberLevel[] = [
  { level: 1, name: '普卡', registrationPercent: 95, pointsTenths: 10 },
  { level: 2, name: '银卡', registrationPercent: 90, pointsTenths: 12 },
  { level: 3, name: '金卡', registrationPercent: 85, pointsTenths: 15 },
  { level: 4, name: '钻石卡', registrationPercent: 80, pointsTenths: 20 },
];

/** The registration fee (yuan) of a doctor's title; a title not listed pays the last row's. */
export const REGISTRATION_FEE_BY_TITLE: readonly { title: string; fee: number }[] = [
  { title: '主任医师', fee: 50 },
  { title: '副主任医师', fee: 30 },
  { title: '主治医师', fee: 15 },
];

export function registrationFeeOfTitle(title: string): number {
  return (REGISTRATION_FEE_BY_TITLE.find((r) => r.title === title) ?? REGISTRATION_FEE_BY_TITLE.at(-1)!).fee;
}

/** A level by its number; unknown or missing levels are priced as 普卡 (every member holds at least that card). */
export function memberLevel(level: number | null | undefined): MemberLevel {
  return MEMBER_LEVELS.find((l) => l.level === level) ?? MEMBER_LEVELS[0]!;
}

/** 95 → "9.5折", 80 → "8折". */
export function discountText(percent: number): string {
  return `${percent / 10}折`;
}

/** 12 → "1.2倍积分". */
export function pointsMultiplierText(tenths: number): string {
  return `${tenths / 10}倍积分`;
}

/** Yuan → fen, exactly for the fees the API sends (whole yuan or two decimals). */
export function toFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** Fen → yuan as a number (2550 → 25.5). */
export function toYuan(fen: number): number {
  return fen / 100;
}

/** What one booking costs the account holder. */
export interface RegistrationCharge {
  listFen: number;
  /** What is paid: the list fee at the level's percent, rounded to the fen (half up). */
  amountFen: number;
  /** listFen − amountFen. */
  discountFen: number;
  level: MemberLevel['level'];
  /** e.g. "金卡 8.5折"; '' when no discount applies (a free registration). */
  discountLabel: string;
}

export function registrationCharge(listFeeYuan: number, level: number | null | undefined): RegistrationCharge {
  const l = memberLevel(level);
  const listFen = Math.max(0, toFen(listFeeYuan));
  const amountFen = Math.round((listFen * l.registrationPercent) / 100);
  return {
    listFen,
    amountFen,
    discountFen: listFen - amountFen,
    level: l.level,
    discountLabel: listFen > amountFen ? `${l.name} ${discountText(l.registrationPercent)}` : '',
  };
}

/** Points a payment earns: the yuan paid times the level's multiplier, rounded down to a whole point. */
export function pointsForPayment(amountFen: number, level: number | null | undefined): number {
  return Math.floor((Math.max(0, amountFen) * memberLevel(level).pointsTenths) / 1000);
}

/** Yuan as the site writes money: "30", "25.50" (never "25.5", never a float's tail). */
export function formatYuan(yuan: number): string {
  const fen = toFen(yuan);
  return fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2);
}

/**
 * 挂号费 ￥30 · 会员折扣 金卡 8.5折 · 实付 ￥25.50: a booking's list fee, discount and amount, in the words the
 * booking page used (the appointment page and its .ics repeat them).
 */
export function feeText(r: { fee: number; amount: number; discountLabel: string }): string {
  return r.discountLabel
    ? `挂号费 ￥${formatYuan(r.fee)} · 会员折扣 ${r.discountLabel} · 实付 ￥${formatYuan(r.amount)}`
    : `挂号费 ￥${formatYuan(r.amount)}`;
}
