import { describe, expect, it } from 'vitest';
import { EMAIL_RE, idCard18, idCardCheckChar, isPlainText, validateAddress, validateIdCard, validateMobilePhone, validateName, validatePassword, validatePhone, validateSmsCode } from './fields';

const today = new Date(2026, 10, 21); // 2026-11-21

describe('validatePhone (SPEC §5: exactly 11 characters)', () => {
  it('accepts 11 digits and trims', () => {
    expect(validatePhone(' 13800000001 ')).toEqual({ ok: true, value: '13800000001' });
  });
  it.each([
    ['', '请输入手机号'],
    ['1380000000', '请输入11位手机号'],
    ['138000000012', '请输入11位手机号'],
    ['1380000000a', '请输入11位手机号'],
  ])('refuses %j with a Chinese message', (input, message) => {
    expect(validatePhone(input)).toEqual({ ok: false, message });
  });
  it('refuses non-strings', () => {
    expect(validatePhone(13800000001).ok).toBe(false);
  });
});

describe('validateName (SPEC §5: 2 to 30 characters)', () => {
  it('counts Chinese characters one each', () => {
    expect(validateName('王五')).toEqual({ ok: true, value: '王五' });
    expect(validateName('王').ok).toBe(false);
    expect(validateName('王'.repeat(30)).ok).toBe(true);
    expect(validateName('王'.repeat(31))).toEqual({ ok: false, message: '姓名不能超过30个字' });
  });
});

describe('validatePassword (SPEC §5: 6 to 16, no whitespace)', () => {
  it('accepts the bounds', () => {
    expect(validatePassword('abc123').ok).toBe(true);
    expect(validatePassword('a'.repeat(16)).ok).toBe(true);
  });
  it('refuses short, long and whitespace', () => {
    expect(validatePassword('abc12')).toEqual({ ok: false, message: '密码长度为6-16位' });
    expect(validatePassword('a'.repeat(17))).toEqual({ ok: false, message: '密码长度为6-16位' });
    expect(validatePassword('abc 123')).toEqual({ ok: false, message: '密码不能包含空格' });
    expect(validatePassword('abc\t1234')).toEqual({ ok: false, message: '密码不能包含空格' });
  });
});

describe('validateSmsCode', () => {
  it('needs 6 digits', () => {
    expect(validateSmsCode('123456').ok).toBe(true);
    expect(validateSmsCode('12345').ok).toBe(false);
  });
});

describe('validateIdCard (SPEC §5)', () => {
  it('accepts an 18-digit card and derives birthday, sex and age', () => {
    expect(validateIdCard('530102199005151231', today)).toEqual({
      ok: true,
      value: { number: '530102199005151231', birthday: '1990-05-15', sex: 1, age: 36 },
    });
  });
  it('accepts a trailing x, upper-cased, and an even penultimate digit means sex 0', () => {
    const r = validateIdCard('11010519491231002x', today);
    expect(r).toEqual({
      ok: true,
      value: { number: '11010519491231002X', birthday: '1949-12-31', sex: 0, age: 76 },
    });
  });
  it('accepts a leap day', () => {
    const r = validateIdCard('532501200802290042', today);
    expect(r.ok && r.value.birthday).toBe('2008-02-29');
  });
  it('turns a year older at midnight China time, on a server in UTC', () => {
    process.env.TZ = 'UTC';
    // 2026-05-14 16:30 UTC is 00:30 on 15 May in China: the birthday has come.
    const r = validateIdCard('530102199005151231', new Date('2026-05-14T16:30:00Z'));
    expect(new Date('2026-05-14T16:30:00Z').getDate(), 'the process runs in UTC').toBe(14);
    expect(r.ok && r.value.age).toBe(36);
  });
  it('computes age before and after the birthday', () => {
    const before = validateIdCard('530102199005151231', new Date(2026, 4, 14));
    const on = validateIdCard('530102199005151231', new Date(2026, 4, 15));
    expect(before.ok && before.value.age).toBe(35);
    expect(on.ok && on.value.age).toBe(36);
  });
  it('refuses a bad checksum with a clear message', () => {
    expect(validateIdCard('530102199005151232', today)).toEqual({
      ok: false,
      message: '身份证号校验位不正确，请核对',
    });
  });
  it('refuses an impossible date', () => {
    // 30 February: the date is checked before the checksum.
    expect(validateIdCard('110105194902300025', today)).toEqual({
      ok: false,
      message: '身份证号中的出生日期无效',
    });
  });
  it('refuses a birthday in the future', () => {
    expect(validateIdCard('530102203001011230', today).ok).toBe(false);
  });
  it('accepts the 15-digit form (19yy, sex from the last digit)', () => {
    expect(validateIdCard('110105491231002', today)).toEqual({
      ok: true,
      value: { number: '11010519491231002X', birthday: '1949-12-31', sex: 0, age: 76 },
    });
    const male = validateIdCard('530102900515123', today);
    expect(male.ok && male.value.sex).toBe(1);
  });
  it('refuses a 15-digit form with a bad date', () => {
    expect(validateIdCard('110105491332002', today).ok).toBe(false);
  });
  it.each(['', '12345', '53010219900515123', '5301021990051512311', '53010219900515123Y', 'abcdefghijklmnopqr'])(
    'refuses malformed input %j',
    (input) => {
      const r = validateIdCard(input, today);
      expect(r.ok).toBe(false);
      expect(r.ok ? '' : r.message).toMatch(/身份证/);
    },
  );
});

describe('isPlainText and EMAIL_RE (docs/security.md: what may be stored)', () => {
  it('refuses control characters and unpaired surrogates, keeps markup, quotes and unicode', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\u001b[31m', 'x\u0007', 'x\u007f', 'x\u0085', '\ud800', 'a\udc00b', 'a\tb', 'a\nb']) {
      expect(isPlainText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['<script>alert(1)</script>', "' OR 1=1 --", '中医𝌆Ω\u202e', '😀', '']) expect(isPlainText(good), good).toBe(true);
    // Multi-line text keeps its line breaks and tabs, never the other control characters.
    expect(isPlainText('第一行\r\n第二行\t结束', { multiline: true })).toBe(true);
    expect(isPlainText('a\u0000\nb', { multiline: true })).toBe(false);
  });

  it('names and passwords refuse control characters', () => {
    expect(validateName('王\u0000雅琴')).toEqual({ ok: false, message: '姓名包含无效字符' });
    // Markup characters and line breaks are refused in names and addresses (docs/security.md).
    expect(validateName('<b>王</b>')).toEqual({ ok: false, message: '姓名不能包含<或>' });
    expect(validateName('王\n雅琴')).toEqual({ ok: false, message: '姓名不能换行' });
    expect(validateAddress('昆明市<script>')).toEqual({ ok: false, message: '地址不能包含<或>' });
    expect(validateAddress('昆明市\r\n五华区')).toEqual({ ok: false, message: '地址不能换行' });
    expect(validateAddress(' 昆明市五华区 "1号" ')).toEqual({ ok: true, value: '昆明市五华区 "1号"' });
    expect(validateAddress('')).toEqual({ ok: true, value: '' });
    expect(validatePassword('abc\u0000def')).toEqual({ ok: false, message: '密码包含无效字符' });
  });

  it('names and addresses refuse Unicode format characters (\\p{Cf}), such as the right-to-left override', () => {
    for (const format of ['\u202e', '\u202d', '\u200b', '\u200d', '\u2066', '\ufeff', '\u00ad']) {
      expect(validateName(`王${format}雅琴`), JSON.stringify(format)).toEqual({ ok: false, message: '姓名不能包含不可见的格式字符' });
      expect(validateAddress(`昆明市${format}五华区`), JSON.stringify(format)).toEqual({ ok: false, message: '地址不能包含不可见的格式字符' });
    }
    // What a name may hold stays: other scripts, a middle dot, an apostrophe.
    expect(validateName('阿依古丽·买买提')).toEqual({ ok: true, value: '阿依古丽·买买提' });
    expect(validateName("O'Brien")).toEqual({ ok: true, value: "O'Brien" });
  });

  it('email follows the input type=email rule, with a dot in the domain', () => {
    for (const ok of ['a@example.com', "o'brien+x@mail.example.cn", 'a.b-c@x-y.cn']) expect(ok).toMatch(EMAIL_RE);
    for (const bad of ['a@b', 'a b@example.com', '<script>@example.com', 'a@example.com\u0000', '"q"@example.com', 'a@-x.cn', '张三@例子.中国']) {
      expect(bad).not.toMatch(EMAIL_RE);
    }
  });
});

describe('validateMobilePhone (a 就诊人’s phone gets the reminder SMS)', () => {
  it.each(['13800000001', '15912345678', '19912345678', '16612345678'])('accepts the mobile number %s', (phone) => {
    expect(validateMobilePhone(phone)).toEqual({ ok: true, value: phone });
  });
  it.each(['00000000000', '12345678901', '10086100861', '11111111111'])('refuses %s, which is no mobile number', (phone) => {
    expect(validateMobilePhone(phone)).toEqual({ ok: false, message: '请输入有效的手机号（以13–19开头的11位号码）' });
  });
  it('keeps the 11-digit message for a short number', () => {
    expect(validateMobilePhone('1380000')).toEqual({ ok: false, message: '请输入11位手机号' });
  });
});

describe('ID card region codes (GB/T 2260, province level) and the 18-digit form', () => {
  const today = new Date('2026-05-15T04:00:00Z');
  const card = (first17: string) => first17 + idCardCheckChar(first17);
  it.each(['000000', '999999', '100000', '660101', '900101'])('refuses region %s', (region) => {
    expect(validateIdCard(card(`${region}19800101123`), today)).toEqual({ ok: false, message: '身份证号前6位的地区码无效，请核对' });
  });
  it.each(['110105', '310101', '530102', '650102', '810000', '820000', '830000'])('accepts region %s', (region) => {
    expect(validateIdCard(card(`${region}19800101123`), today).ok).toBe(true);
  });
  it('a 15-digit number and its 18-digit form are one number', () => {
    const fifteen = '530102800515123';
    expect(idCard18(fifteen)).toBe(card('53010219800515123'));
    const a = validateIdCard(fifteen, today);
    const b = validateIdCard(idCard18(fifteen), today);
    expect(a.ok && b.ok && a.value.number === b.value.number).toBe(true);
  });
});
