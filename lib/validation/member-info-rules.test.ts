import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from './fields';
import { validateMemberInfo, type MemberInfoDraft } from './member-info-rules';

const today = new Date(2026, 10, 21);
const base: MemberInfoDraft = { name: '王雅琴', sex: '0', birthday: '1978-03-12', idCard: '', email: '', address: '' };
const first17 = '53010219850615123';
const goodId = first17 + idCardCheckChar(first17);
const badId = first17 + (idCardCheckChar(first17) === '1' ? '2' : '1');

describe('/modifyInfor rules (SPEC §5)', () => {
  it('keep the stored ID card when none is typed', () => {
    expect(validateMemberInfo(base, today)).toEqual({
      ok: true,
      value: { name: '王雅琴', sex: 0, birthday: '1978-03-12', idCard: undefined, email: '', address: '' },
    });
  });
  it('derive birthday and sex from a valid ID card, over what was chosen', () => {
    const r = validateMemberInfo({ ...base, idCard: goodId, birthday: '', sex: '0' }, today);
    // Penultimate digit 3 is odd → 1 (male).
    expect(r).toMatchObject({ ok: true, value: { idCard: goodId, birthday: '1985-06-15', sex: 1 } });
  });
  it('give a clear message for a bad checksum and the other fields', () => {
    expect(validateMemberInfo({ ...base, idCard: badId }, today)).toEqual({ ok: false, errors: { idCard: '身份证号校验位不正确，请核对' } });
    expect(validateMemberInfo({ ...base, name: '王' }, today)).toEqual({ ok: false, errors: { name: '姓名至少2个字' } });
    expect(validateMemberInfo({ ...base, email: 'not-an-email' }, today)).toEqual({ ok: false, errors: { email: '请输入有效的电子邮箱' } });
    expect(validateMemberInfo({ ...base, birthday: '2030-01-01' }, today)).toEqual({ ok: false, errors: { birthday: '请选择有效的出生日期' } });
  });
  it('refuse control characters in the address and an email the browser would refuse (docs/security.md)', () => {
    expect(validateMemberInfo({ ...base, address: '昆明\u0000五华区' }, today)).toEqual({ ok: false, errors: { address: '地址包含无效字符' } });
    expect(validateMemberInfo({ ...base, email: '<script>@example.com' }, today)).toEqual({ ok: false, errors: { email: '请输入有效的电子邮箱' } });
    // Markup characters and line breaks are refused too (docs/security.md "Attacks on the member system: backend").
    expect(validateMemberInfo({ ...base, address: '<script>alert(1)</script>' }, today)).toEqual({ ok: false, errors: { address: '地址不能包含<或>' } });
    expect(validateMemberInfo({ ...base, address: '昆明\n五华区' }, today)).toEqual({ ok: false, errors: { address: '地址不能换行' } });
    expect(validateMemberInfo({ ...base, address: '昆明 "五华区" & 1号' }, today)).toMatchObject({ ok: true, value: { address: '昆明 "五华区" & 1号' } });
  });
});
