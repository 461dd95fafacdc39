/**
 * Members with a 就诊人 for the 图文问诊 specs (e2e/ask-doctor.spec.ts, e2e/ask-photos-at-limit.spec.ts): a fresh
 * member registered through the API, logged in, with one patient of their own phone.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { idCardCheckChar } from '../../lib/validation';
import { freshPhone, registerFreshMember } from '../auth-helpers';
import { apiUrl } from './api-origin';
import { apiLogin } from './members-session';

/** A valid 身份证号 nobody uses yet (a woman born in the 1960s in 昆明). */
export function freshIdCard(): string {
  const digit = () => Math.floor(Math.random() * 10);
  const first17 = `530102196${digit()}0${1 + Math.floor(Math.random() * 9)}1${digit()}${digit()}${digit()}${2 * Math.floor(Math.random() * 5)}`;
  return first17 + idCardCheckChar(first17);
}

/** A fresh member with one 就诊人 (her own phone, for the SMS notices). */
export async function memberWithPatient(request: APIRequestContext, patientName: string) {
  const member = await registerFreshMember(request, '问诊会员');
  const tokens = await apiLogin(request, member);
  const phone = freshPhone();
  const res = await request.post(apiUrl('HIS_Register/AddPatient'), {
    form: { Name: patientName, Relation: '父母', IDCard: freshIdCard(), Phone: phone },
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  const added = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: { PatientID: number } };
  expect(added.ErrorNo, added.ErrorInfo).toBe(1);
  return { member, tokens, patientPhone: phone, patientId: String(added.Result.PatientID) };
}
