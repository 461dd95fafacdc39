/**
 * The zod side of SPEC §5 (docs/decisions.md "One validation style"): every server action and route handler
 * reads its input through `parseInput` and a schema built from the same field rules as the forms.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberInfoDraftInput, memberInfoInput, messageDraftInput, messageInput } from './form-schemas';
import { validateIdCard, validatePhone } from './fields';
import { activateCardInput, imageCodeInput, passwordLoginInput, registerInput, smsSendInput, wechatCodeInput } from './member-schemas';
import { fieldMessages, fromRule, parseInput, queryOf } from './parse-input';

const FALLBACK = '输入内容有误';
const VALID_ID = '11010519491231002X';

describe('parseInput', () => {
  it('gives the rule’s own Chinese message, never zod’s English one', () => {
    const r = parseInput(z.object({ n: z.number() }), { n: 'x' }, FALLBACK);
    expect(r).toMatchObject({ ok: false, message: FALLBACK });
    const phone = parseInput(fromRule(validatePhone), '123', FALLBACK);
    expect(phone).toMatchObject({ ok: false, message: '请输入11位手机号' });
  });

  it('never throws on hostile input', () => {
    for (const input of [null, undefined, 42, 'x', [], [1, 2], { __proto__: { phone: '13800000001' } }, new Map()]) {
      expect(parseInput(passwordLoginInput, input, FALLBACK).ok).toBe(false);
    }
  });

  it('an absent field reaches the rule: 请输入手机号, not “expected nonoptional”', () => {
    expect(parseInput(passwordLoginInput, { password: 'Abc12345' }, FALLBACK)).toMatchObject({ ok: false, message: '请输入手机号' });
  });

  it('fieldMessages keeps the first message of each field', () => {
    const r = parseInput(memberInfoInput(), { name: '', sex: '', birthday: '', idCard: '123', email: 'x', address: '' }, FALLBACK);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const errors = fieldMessages<string>(r.issues, FALLBACK);
    expect(errors.name).toBe('请输入姓名');
    expect(errors.idCard).toBe('身份证号应为15位或18位');
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['name', 'idCard', 'email']));
  });
});

describe('queryOf', () => {
  it('a name sent twice is an array, so a one-value schema refuses it', () => {
    expect(queryOf(new URLSearchParams('q=a&q=b&kind=doctor'))).toEqual({ q: ['a', 'b'], kind: 'doctor' });
    const schema = z.object({ q: z.string() });
    expect(schema.safeParse(queryOf(new URLSearchParams('q=a&q=b'))).success).toBe(false);
    expect(schema.safeParse(queryOf(new URLSearchParams('q=a'))).success).toBe(true);
  });
});

describe('member overlay schemas (SPEC §4, §5)', () => {
  it('password login trims the phone and keeps the password as typed', () => {
    expect(parseInput(passwordLoginInput, { phone: ' 13800000001 ', password: 'Abc12345' }, FALLBACK)).toMatchObject({
      ok: true,
      value: { phone: '13800000001', password: 'Abc12345' },
    });
  });

  it('an SMS purpose outside the five is refused with a message', () => {
    expect(parseInput(smsSendInput, { phone: '13800000001', purpose: 'admin' }, FALLBACK)).toMatchObject({ ok: false, message: '验证码用途无效' });
    expect(parseInput(smsSendInput, { phone: '13800000001', purpose: 'reset' }, FALLBACK).ok).toBe(true);
  });

  it('the image code is four digits', () => {
    expect(parseInput(imageCodeInput, { key: 'k', code: '12a4' }, '请输入4位图形验证码').ok).toBe(false);
    expect(parseInput(imageCodeInput, { key: 'k', code: '1234' }, FALLBACK).ok).toBe(true);
  });

  it('activation needs a card chosen from the list', () => {
    const base = { phone: '13800000001', code: '123456', password: 'Abc12345' };
    expect(parseInput(activateCardInput, { ...base, cardNo: ' ' }, FALLBACK)).toMatchObject({ ok: false, message: '请选择要激活的会员卡' });
    expect(parseInput(activateCardInput, { ...base, cardNo: ' SA20170003 ' }, FALLBACK)).toMatchObject({ ok: true, value: { cardNo: 'SA20170003' } });
  });

  describe('registration', () => {
    const base = { phone: '13800000001', code: '123456', name: '测试会员', password: 'Abc12345', agreed: true };

    it('needs the agreement before anything else', () => {
      expect(parseInput(registerInput, { ...base, agreed: 'true', idCard: 'bad' }, FALLBACK)).toMatchObject({ ok: false, message: '请阅读并同意会员服务协议' });
    });

    it('the ID card is optional; blank is none, a wrong one is refused, a valid one normalised', () => {
      for (const idCard of [undefined, null, '  ']) {
        const r = parseInput(registerInput, { ...base, idCard }, FALLBACK);
        expect(r.ok && r.value.idCard, String(idCard)).toBeUndefined();
      }
      expect(parseInput(registerInput, { ...base, idCard: '110105194912310021' }, FALLBACK)).toMatchObject({
        ok: false,
        message: '身份证号校验位不正确，请核对',
      });
      expect(parseInput(registerInput, { ...base, idCard: VALID_ID.toLowerCase() }, FALLBACK)).toMatchObject({ ok: true, value: { idCard: VALID_ID } });
    });
  });

  it('a WeChat code is one trimmed string of at most 128 characters', () => {
    expect(parseInput(wechatCodeInput, ' abc ', FALLBACK)).toEqual({ ok: true, value: 'abc' });
    expect(parseInput(wechatCodeInput, 'x'.repeat(129), FALLBACK).ok).toBe(false);
    expect(parseInput(wechatCodeInput, { code: 'abc' }, FALLBACK).ok).toBe(false);
  });
});

describe('form schemas (/modifyInfor, messages)', () => {
  it('a field sent as an array or an object is refused, never turned into text', () => {
    expect(parseInput(memberInfoDraftInput, { name: ['张三'] }, FALLBACK).ok).toBe(false);
    expect(parseInput(messageDraftInput, { title: { toString: () => 'x' } }, FALLBACK).ok).toBe(false);
  });

  it('absent or null fields read as empty; the category may come as a whole number', () => {
    expect(parseInput(memberInfoDraftInput, { name: '张三', email: null }, FALLBACK)).toEqual({
      ok: true,
      value: { name: '张三', sex: '', birthday: '', idCard: '', email: '', address: '' },
    });
    expect(parseInput(messageDraftInput, { sourceId: 3 }, FALLBACK)).toMatchObject({ ok: true, value: { sourceId: '3' } });
    expect(parseInput(messageDraftInput, { sourceId: 3.5 }, FALLBACK).ok).toBe(false);
  });

  it('a valid ID card decides birthday and sex, as the form shows them', () => {
    const id = validateIdCard(VALID_ID);
    expect(id.ok).toBe(true);
    const r = parseInput(memberInfoInput(), { name: '张三', sex: '1', birthday: '2000-01-01', idCard: VALID_ID, email: '', address: '' }, FALLBACK);
    expect(r).toMatchObject({ ok: true, value: { birthday: '1949-12-31', sex: 0 } });
  });

  it('a message checks its category against the ones the API offers', () => {
    const draft = { sourceId: '9', title: '预约咨询', content: '请问周末可以预约吗？谢谢。', contactPhone: '' };
    const r = parseInput(messageInput([1, 2]), draft, FALLBACK);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(fieldMessages<string>(r.issues, FALLBACK).sourceId).toBeTruthy();
    expect(parseInput(messageInput([1, 9]), draft, FALLBACK).ok).toBe(true);
  });
});
