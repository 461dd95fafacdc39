/**
 * 就诊人 under HIS_Register (docs/api.md "HIS_Register patients"): a member adds, edits and removes up to 5
 * people to book for, the account holder among them once their ID card is on file; each has a real name, a
 * relation, an ID card with the SPEC §5 checksum and a phone. Another account's 就诊人 is never reachable,
 * and every bad input gets a Chinese message, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { createThrottles } from '../throttles';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import { idCardFor, wrongIdCard } from '@/test/id-cards';

let backend: Backend;
const clock = new Date('2026-11-25T02:00:00Z');
const HAN = /[\u4e00-\u9fa5]/;

async function member(n: number, { idCard }: { idCard?: string } = {}) {
  const vip = `PVIP${String(n).padStart(3, '0')}`;
  const id = ensureMember(backend, { phone: `1360000${String(n).padStart(4, '0')}`, vipCode: vip, name: `持卡人${n}`, points: 0 });
  backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCard ?? null, id);
  return { id, token: await memberToken(backend, id, vip) };
}

const add = (token: string, fields: Record<string, string>) =>
  call(backend, 'HIS_Register/AddPatient', { Name: '张秀兰', Relation: '父母', Phone: '13900000001', ...fields }, token);

beforeAll(() => {
  backend = createBackend(
    { dbPath: tempDbPath('patients'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock },
    createThrottles({ scale: 1000, redis: false }),
  );
});
afterAll(() => backend.db.close());

describe('the list and the account holder', () => {
  it('the holder is a 就诊人 (本人, PatientID 0) only once their ID card is on file', async () => {
    const m = await member(1);
    const before = await call(backend, 'HIS_Register/GetPatientList', {}, m.token);
    expect(before.ErrorNo).toBe(1);
    expect(before.Result).toMatchObject({ TotalCount: 0, MaxCount: 5, SelfIDCardOnFile: 0 });
    backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(1, { sex: 0 }), m.id);
    const after = await call(backend, 'HIS_Register/GetPatientList', {}, m.token);
    expect(after.Result.DataList).toEqual([
      expect.objectContaining({ PatientID: 0, Name: '持卡人1', Relation: '本人', IsSelf: 1, CanRemove: 0, Sex: 0, IDCard: expect.stringMatching(/^530102\*{8}\d{3}[\dX]$/) }),
    ]);
  });

  it('adds, edits and removes a 就诊人; the ID card is checked and shown masked; age and sex come from it', async () => {
    const m = await member(2);
    const id = idCardFor(2);
    const added = await add(m.token, { IDCard: id });
    expect(added.ErrorNo, added.ErrorInfo).toBe(1);
    expect(added.Result).toMatchObject({ Name: '张秀兰', Relation: '父母', Phone: '13900000001', IsSelf: 0, CanRemove: 1, Sex: 1 });
    expect(added.Result.IDCard).toBe(`${id.slice(0, 6)}********${id.slice(-4)}`);
    expect(added.Result.Age).toBe(44);

    // Editing without a new number (blank, or the masked one the form shows) keeps the stored card.
    const pid = String(added.Result.PatientID);
    const edited = await call(backend, 'HIS_Register/UpdatePatient', { PatientID: pid, Name: '张秀英', Relation: '其他亲属', IDCard: added.Result.IDCard, Phone: '13900000002' }, m.token);
    expect(edited.ErrorNo, edited.ErrorInfo).toBe(1);
    expect(edited.Result).toMatchObject({ Name: '张秀英', Relation: '其他亲属', Phone: '13900000002', IDCard: added.Result.IDCard });
    expect(backend.db.prepare('SELECT id_card FROM patients WHERE id = ?').pluck().get(Number(pid))).toBe(id);

    const removed = await call(backend, 'HIS_Register/DeletePatient', { PatientID: pid }, m.token);
    expect(removed).toMatchObject({ ErrorNo: 1, Result: { Deleted: true } });
    expect((await call(backend, 'HIS_Register/GetPatientList', {}, m.token)).Result.TotalCount).toBe(0);
  });
});

describe('limits', () => {
  it('at most 5, the holder counting as one; one entry per ID card; the holder’s own card is refused', async () => {
    const holderCard = idCardFor(30);
    const m = await member(3, { idCard: holderCard });
    for (let i = 0; i < 4; i++) expect((await add(m.token, { IDCard: idCardFor(31 + i) })).ErrorNo).toBe(1);
    const sixth = await add(m.token, { IDCard: idCardFor(40) });
    expect(sixth).toMatchObject({ ErrorNo: -1, Result: { Reason: 'PATIENT_LIMIT' } });
    expect(sixth.ErrorInfo).toContain('最多5位就诊人');

    const other = await member(4);
    expect((await add(other.token, { IDCard: idCardFor(41) })).ErrorNo).toBe(1);
    const twice = await add(other.token, { IDCard: idCardFor(41), Name: '另一个名字' });
    expect(twice).toMatchObject({ ErrorNo: -1, Result: { Reason: 'PATIENT_EXISTS' } });
    backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(42), other.id);
    const self = await add(other.token, { IDCard: idCardFor(42) });
    expect(self).toMatchObject({ ErrorNo: -1, Result: { Reason: 'PATIENT_IS_SELF' } });
    const selfRelation = await add(other.token, { IDCard: idCardFor(43), Relation: '本人' });
    expect(selfRelation.Result.Reason).toBe('PATIENT_IS_SELF');
    // The holder's entry is edited on /modifyInfor, not here.
    const editSelf = await call(backend, 'HIS_Register/UpdatePatient', { PatientID: '0', Name: '改名', Relation: '配偶', Phone: '13900000003' }, other.token);
    expect(editSelf.Result.Reason).toBe('SELF_READONLY');
  });
});

describe('bad input and other accounts', () => {
  it('a wrong check digit, a bad name, relation or phone: a Chinese message, nothing stored', async () => {
    const m = await member(5);
    for (const [fields, message] of [
      [{ IDCard: wrongIdCard(5) }, '身份证号校验位不正确，请核对'],
      [{ IDCard: '12345' }, '身份证号应为15位或18位'],
      [{ IDCard: idCardFor(5), Name: '张' }, '姓名至少2个字'],
      [{ IDCard: idCardFor(5), Name: '<b>张三</b>' }, '姓名不能包含<或>'],
      [{ IDCard: idCardFor(5), Relation: '老板' }, '与本人关系取值无效'],
      [{ IDCard: idCardFor(5), Phone: '1390000' }, '请输入11位手机号'],
      [{ Name: '张秀兰' }, '缺少身份证号'],
    ] as const) {
      const r = await add(m.token, fields);
      expect([r.ErrorNo, r.ErrorInfo]).toEqual([0, message]);
    }
    expect((await call(backend, 'HIS_Register/GetPatientList', {}, m.token)).Result.TotalCount).toBe(0);
  });

  it('another account’s 就诊人 is unknown to edit, remove or book for', async () => {
    const owner = await member(6);
    const stranger = await member(7, { idCard: idCardFor(70) });
    const theirs = await add(owner.token, { IDCard: idCardFor(60) });
    const pid = String(theirs.Result.PatientID);
    for (const [path, fields] of [
      ['HIS_Register/UpdatePatient', { PatientID: pid, Name: '冒名顶替', Relation: '朋友', Phone: '13900000009' }],
      ['HIS_Register/DeletePatient', { PatientID: pid }],
    ] as const) {
      const r = await call(backend, path, fields, stranger.token);
      expect([r.ErrorNo, r.ErrorInfo]).toEqual([404, '就诊人不存在']);
    }
    const slot = (await call(backend, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: 'D100001' })).Result.DataList.slice(2)
      .flatMap((d: { Shifts: { ScheduleID: string; BookState: string }[] }) => d.Shifts)
      .find((s: { BookState: string }) => s.BookState === 'open');
    const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: 'stranger-key-1', PatientID: pid }, stranger.token);
    expect([booked.ErrorNo, booked.ErrorInfo]).toEqual([404, '就诊人不存在，请重新选择']);
    expect(backend.db.prepare('SELECT name FROM patients WHERE id = ?').pluck().get(Number(pid))).toBe('张秀兰');
    for (const r of [await call(backend, 'HIS_Register/DeletePatient', { PatientID: 'abc' }, stranger.token), await call(backend, 'HIS_Register/DeletePatient', {}, stranger.token)]) {
      expect(r.ErrorNo).toBe(0);
      expect(r.ErrorInfo).toMatch(HAN);
    }
  });
});

describe('a 就诊人 with a booking to come', () => {
  it('cannot be removed until the booking is cancelled; past records keep who the patient was', async () => {
    const m = await member(8);
    const added = await add(m.token, { IDCard: idCardFor(80), Name: '李想', Relation: '子女' });
    const pid = String(added.Result.PatientID);
    const slot = (await call(backend, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: 'D100002' })).Result.DataList.slice(2)
      .flatMap((d: { Shifts: { ScheduleID: string; BookState: string }[] }) => d.Shifts)
      .find((s: { BookState: string }) => s.BookState === 'open');
    const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: 'patient-busy-1', PatientID: pid }, m.token);
    expect(booked.ErrorNo, booked.ErrorInfo).toBe(1);
    expect(booked.Result).toMatchObject({ PatientName: '李想', PatientRelation: '子女', PatientID: Number(pid) });

    const list = await call(backend, 'HIS_Register/GetPatientList', {}, m.token);
    expect(list.Result.DataList[0]).toMatchObject({ PatientID: Number(pid), CanRemove: 0 });
    const refused = await call(backend, 'HIS_Register/DeletePatient', { PatientID: pid }, m.token);
    expect(refused).toMatchObject({ ErrorNo: -1, Result: { Reason: 'PATIENT_BUSY' } });

    expect((await call(backend, 'HIS_Register/CancelRegister', { RegisterNo: booked.Result.RegisterNo }, m.token)).ErrorNo).toBe(1);
    expect((await call(backend, 'HIS_Register/DeletePatient', { PatientID: pid }, m.token)).ErrorNo).toBe(1);
    const record = await call(backend, 'HIS_Register/GetRegister', { RegisterNo: booked.Result.RegisterNo }, m.token);
    expect(record.Result).toMatchObject({ PatientName: '李想', PatientRelation: '子女', Status: 2 });
  });
});
