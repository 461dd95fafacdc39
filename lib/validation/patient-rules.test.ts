/**
 * Whom a department sees (departmentRefusal, read by the booking page and BookRegister): 中医妇科 women,
 * 中医儿科 children under 14 on the visit date (the birthday turns on the China date); the rest anyone.
 * And a 就诊人's phone must be a mobile number.
 */
import { describe, expect, it } from 'vitest';
import { departmentRefusal, PAEDIATRIC_MAX_AGE, validatePatientDraft } from './patient-rules';

describe('departmentRefusal', () => {
  it('中医妇科 sees women only', () => {
    expect(departmentRefusal('中医妇科', { sex: 0, birthday: '1955-03-01' }, '2026-12-01')).toBeNull();
    expect(departmentRefusal('中医妇科', { sex: 1, birthday: '1955-03-01' }, '2026-12-01')).toMatch(/^中医妇科仅接诊女性患者/);
    expect(departmentRefusal('中医妇科', { sex: null, birthday: '' }, '2026-12-01')).toMatch(/^中医妇科仅接诊女性患者/);
  });

  it('中医儿科: under 14 on the visit date; the 14th birthday is the first day refused', () => {
    expect(PAEDIATRIC_MAX_AGE).toBe(14);
    const child = { sex: 1 as const, birthday: '2012-12-02' };
    expect(departmentRefusal('中医儿科', child, '2026-12-01')).toBeNull();
    expect(departmentRefusal('中医儿科', child, '2026-12-02')).toBe('中医儿科仅接诊就诊当天未满14周岁的儿童，该就诊人就诊时14岁：请选择中医内科等成人科室');
    expect(departmentRefusal('中医儿科', { sex: 1, birthday: '1955-03-01' }, '2026-12-01')).toMatch(/就诊时71岁/);
  });

  it('other departments see anyone', () => {
    for (const d of ['中医内科', '针灸推拿科', '中医骨伤科']) {
      expect(departmentRefusal(d, { sex: 1, birthday: '1955-03-01' }, '2026-12-01')).toBeNull();
      expect(departmentRefusal(d, { sex: 0, birthday: '2020-03-01' }, '2026-12-01')).toBeNull();
    }
  });
});

describe('validatePatientDraft: the phone is a mobile number', () => {
  it('refuses 00000000000 with the mobile rule', () => {
    const r = validatePatientDraft({ name: '张秀兰', relation: '父母', idCard: '', phone: '00000000000' }, { editing: true });
    expect(r).toEqual({ ok: false, errors: { phone: '请输入有效的手机号（以13–19开头的11位号码）' } });
  });
});
