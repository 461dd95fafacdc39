/**
 * Field validation of SPEC §5. Every check returns either the clean value or a
 * clear Chinese message, so forms and server actions share one set of rules.
 */

import { chinaClock } from '../format';

export type Validation<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Validation<T> => ({ ok: true, value });
const fail = <T = never>(message: string): Validation<T> => ({ ok: false, message });

/** Length in user-perceived characters (code points), so 汉字 count as one each. */
const charLength = (s: string) => Array.from(s).length;

/**
 * Unicode format characters (\p{Cf}): invisible, yet they change how text around them shows. U+202E turns
 * what follows backwards, so a name or an address read by staff, the ERP or an SMS template would not say
 * what it seems to (docs/security.md "Abuse from many clients"). Never part of a name or an address.
 */
const FORMAT = /\p{Cf}/u;

/** C0 and C1 control characters (NUL, ESC, DEL…) and unpaired surrogates. */
const CONTROL_OR_BROKEN = /[\p{Cc}\p{Cs}]/u;
/** The same, except the line breaks and tabs of multi-line text. */
const CONTROL_OR_BROKEN_MULTILINE = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/**
 * docs/security.md: text that may be stored. No control characters (a NUL or an escape
 * sequence is never part of a name, an address or a message) and no unpaired
 * surrogate (it would be stored as U+FFFD, not as sent). Multi-line text may
 * hold line breaks and tabs. Markup and quotes are ordinary text: they are
 * stored as sent and escaped where shown.
 */
export function isPlainText(input: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !(multiline ? CONTROL_OR_BROKEN_MULTILINE : CONTROL_OR_BROKEN).test(input);
}

/**
 * An email address as `<input type="email">` accepts it (the WHATWG HTML rule),
 * with a dot in the domain: no spaces, quotes, angle brackets or control characters.
 */
export const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** SPEC §5: phone is exactly 11 characters, all digits. */
export function validatePhone(input: unknown): Validation<string> {
  const phone = typeof input === 'string' ? input.trim() : '';
  if (!phone) return fail('请输入手机号');
  if (!/^\d{11}$/.test(phone)) return fail('请输入11位手机号');
  return ok(phone);
}

/**
 * Markup characters and line breaks never belong to a name or an address: they are refused, so no
 * downstream system (the group's ERP, SMS templates, printed forms) has to trust them
 * (docs/security.md "Attacks on the member system: backend").
 */
const MARKUP = /[<>]/;
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/** SPEC §5: name is 2 to 30 characters. */
export function validateName(input: unknown): Validation<string> {
  const name = typeof input === 'string' ? input.trim() : '';
  if (!name) return fail('请输入姓名');
  if (MARKUP.test(name)) return fail('姓名不能包含<或>');
  if (LINE_BREAK.test(name)) return fail('姓名不能换行');
  if (!isPlainText(name)) return fail('姓名包含无效字符');
  if (FORMAT.test(name)) return fail('姓名不能包含不可见的格式字符');
  const n = charLength(name);
  if (n < 2) return fail('姓名至少2个字');
  if (n > 30) return fail('姓名不能超过30个字');
  return ok(name);
}

/** A contact address: optional, at most `max` characters, one line, no markup characters. */
export function validateAddress(input: unknown, max = 100): Validation<string> {
  const address = typeof input === 'string' ? input.trim() : '';
  if (MARKUP.test(address)) return fail('地址不能包含<或>');
  if (LINE_BREAK.test(address)) return fail('地址不能换行');
  if (!isPlainText(address)) return fail('地址包含无效字符');
  if (FORMAT.test(address)) return fail('地址不能包含不可见的格式字符');
  if (charLength(address) > max) return fail(`地址不能超过${max}个字`);
  return ok(address);
}

/**
 * Mobile number prefixes of the mainland carriers (MIIT numbering plan: 13x–19x, with 140–148 data-only and
 * 16x/17x virtual operators included). A 就诊人's phone receives the reminder SMS, so it must be one of these:
 * 00000000000 or 12345678901 is refused (docs/security.md "就诊人").
 */
const MOBILE_RE = /^1[3-9]\d{9}$/;

/** A 就诊人's phone (lib/validation/patient-rules.ts): 11 digits with a real mobile prefix. */
export function validateMobilePhone(input: unknown): Validation<string> {
  const phone = validatePhone(input);
  if (!phone.ok) return phone;
  if (!MOBILE_RE.test(phone.value)) return fail('请输入有效的手机号（以13–19开头的11位号码）');
  return ok(phone.value);
}

/** SPEC §5: password is 6 to 16 characters with no whitespace. */
export function validatePassword(input: unknown): Validation<string> {
  const password = typeof input === 'string' ? input : '';
  if (!password) return fail('请输入密码');
  if (/\s/.test(password)) return fail('密码不能包含空格');
  if (!isPlainText(password)) return fail('密码包含无效字符');
  const n = charLength(password);
  if (n < 6 || n > 16) return fail('密码长度为6-16位');
  return ok(password);
}

/** A 6-digit SMS verification code. */
export function validateSmsCode(input: unknown): Validation<string> {
  const code = typeof input === 'string' ? input.trim() : '';
  if (!code) return fail('请输入短信验证码');
  if (!/^\d{6}$/.test(code)) return fail('短信验证码为6位数字');
  return ok(code);
}

/**
 * The province-level codes of GB/T 2260 (the first two digits of an ID card's region code): the 31 mainland
 * provinces, autonomous regions and municipalities, and 71/81/82/83 of the residence permits of Taiwan, Hong
 * Kong and Macao residents. Only the province is checked (a prefecture list changes every year; a wrong one
 * is the API host's patient index to refuse): 000000 and 999999 are refused, 110105 and 530102 pass.
 */
const PROVINCE_CODES = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37', '41', '42', '43', '44', '45', '46',
  '50', '51', '52', '53', '54', '61', '62', '63', '64', '65', '71', '81', '82', '83',
]);

/**
 * The 18-digit form of a 15-digit card (GB 11643: the year gains 19, and the check character is added), so
 * the two forms of one number are one person wherever numbers are compared or stored.
 */
export function idCard18(fifteen: string): string {
  const first17 = `${fifteen.slice(0, 6)}19${fifteen.slice(6)}`;
  return first17 + idCardCheckChar(first17);
}

export interface IdCardInfo {
  /** The normalised number: always 18 characters (a 15-digit card in its 18-digit form, idCard18), the trailing x upper-cased. */
  number: string;
  /** yyyy-mm-dd */
  birthday: string;
  /** SPEC §5: 1 when the sex digit is odd (male), else 0. */
  sex: 0 | 1;
  /** Whole years at `today`. */
  age: number;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** The GB 11643 check character of the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

function realDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Age on the China date of `today` (lib/format chinaClock): a birthday turns at midnight in China, whatever the server's zone. */
function ageAt(y: number, m: number, d: number, today: Date): number {
  const china = chinaClock(today) ?? { year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() };
  let age = china.year - y;
  const beforeBirthday = china.month < m || (china.month === m && china.day < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * SPEC §5: a Chinese ID card of 15 or 18 digits (18 with the checksum), which
 * also yields birthday, sex and age. The 15-digit form has no check digit and a
 * two-digit year of the 1900s; its sex digit is the last one, while the 18-digit
 * form's is the penultimate one (SPEC §5 "odd penultimate digit = 1").
 */
export function validateIdCard(input: unknown, today: Date = new Date()): Validation<IdCardInfo> {
  const raw = typeof input === 'string' ? input.trim().toUpperCase() : '';
  if (!raw) return fail('请输入身份证号');
  if (!/^(\d{15}|\d{17}[\dX])$/.test(raw)) return fail('身份证号应为15位或18位');
  if (!PROVINCE_CODES.has(raw.slice(0, 2))) return fail('身份证号前6位的地区码无效，请核对');

  const is18 = raw.length === 18;
  const y = is18 ? Number(raw.slice(6, 10)) : 1900 + Number(raw.slice(6, 8));
  const m = Number(is18 ? raw.slice(10, 12) : raw.slice(8, 10));
  const d = Number(is18 ? raw.slice(12, 14) : raw.slice(10, 12));
  if (!realDate(y, m, d)) return fail('身份证号中的出生日期无效');
  const birth = new Date(y, m - 1, d);
  if (birth > today || y < 1900) return fail('身份证号中的出生日期无效');

  if (is18 && idCardCheckChar(raw.slice(0, 17)) !== raw[17]) {
    return fail('身份证号校验位不正确，请核对');
  }

  const sexDigit = Number(raw[is18 ? 16 : 14]);
  const pad = (n: number) => String(n).padStart(2, '0');
  return ok({
    number: is18 ? raw : idCard18(raw),
    birthday: `${y}-${pad(m)}-${pad(d)}`,
    sex: sexDigit % 2 === 1 ? 1 : 0,
    age: ageAt(y, m, d, today),
  });
}
