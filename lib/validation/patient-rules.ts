/**
 * Rules of a 就诊人 (the people an account books for; docs/api.md "HIS_Register patients"), shared by the
 * form on /dRecord/patients, its server action and the embedded backend: a real name (SPEC §5: 2–30
 * characters), the relation to the account holder, a Chinese ID card with its SPEC §5 checksum (real-name
 * registration), and a mobile phone for the reminder SMS (validateMobilePhone). Also the rules a department
 * keeps about whom it sees (departmentRefusal).
 */
import { validateIdCard, validateMobilePhone, validateName } from './fields';

/** At most this many 就诊人 per account, the account holder counting as one once their ID card is on file. */
export const MAX_PATIENTS = 5;

/** The holder's own entry; never chosen for someone else. */
export const SELF_RELATION = '本人';

/** Relations a 就诊人 may have to the account holder, in the order the form offers them. */
export const PATIENT_RELATIONS = ['配偶', '子女', '父母', '兄弟姐妹', '其他亲属', '朋友'] as const;
export type PatientRelation = (typeof PATIENT_RELATIONS)[number];

export interface PatientDraft {
  name: string;
  relation: string;
  /** A new ID card number; '' keeps the stored one when editing. */
  idCard: string;
  phone: string;
}

export interface CleanPatient {
  name: string;
  relation: PatientRelation;
  /** Absent when editing without a new number (the stored one stays). */
  idCard?: string;
  phone: string;
}

export type PatientErrors = Partial<Record<keyof PatientDraft, string>>;

export function isPatientRelation(value: string): value is PatientRelation {
  return (PATIENT_RELATIONS as readonly string[]).includes(value);
}

/**
 * A 就诊人 as typed. `editing`: the ID card may be left empty (or as the masked number shown) to keep the
 * stored one; adding needs it.
 */
export function validatePatientDraft(
  draft: PatientDraft,
  { editing = false, today = new Date() }: { editing?: boolean; today?: Date } = {},
): { ok: true; value: CleanPatient } | { ok: false; errors: PatientErrors } {
  const errors: PatientErrors = {};
  const name = validateName(draft.name);
  if (!name.ok) errors.name = name.message;

  const relation = draft.relation.trim();
  if (!relation) errors.relation = '请选择与本人的关系';
  else if (!isPatientRelation(relation)) errors.relation = '关系无效，请重新选择';

  let idCard: string | undefined;
  const idTyped = draft.idCard.trim();
  if (!idTyped || (editing && idTyped.includes('*'))) {
    if (!editing) errors.idCard = '请输入就诊人身份证号（实名就诊）';
  } else {
    const id = validateIdCard(idTyped, today);
    if (id.ok) idCard = id.value.number;
    else errors.idCard = id.message;
  }

  const phone = validateMobilePhone(draft.phone);
  if (!phone.ok) errors.phone = phone.message;

  if (Object.keys(errors).length || !name.ok || !phone.ok) return { ok: false, errors };
  return { ok: true, value: { name: name.value, relation: relation as PatientRelation, ...(idCard ? { idCard } : {}), phone: phone.value } };
}

/** An ID card as shown after it is stored: the first 6 and last 4 characters (as GetVIPMember shows the holder's). */
export function maskIdCard(idCard: string): string {
  return idCard.length >= 15 ? `${idCard.slice(0, 6)}${'*'.repeat(idCard.length - 10)}${idCard.slice(-4)}` : '';
}

/** 中医儿科 sees children: under this age on the visit date (SPEC §5 birth date of the ID card). */
export const PAEDIATRIC_MAX_AGE = 14;

/** Whole years on a China date (yyyy-mm-dd) of someone born on `birthday` (yyyy-mm-dd). */
function ageOn(birthday: string, date: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Whom a department sees (the booking page and BookRegister read this one rule): 中医妇科 women, 中医儿科
 * children under PAEDIATRIC_MAX_AGE on the visit date; every other department anyone. The person is what
 * their ID card says (SPEC §5: the sex digit and the birth date). Answers why this person cannot be booked
 * there, with what to do instead, or null when they can.
 */
export function departmentRefusal(department: string, person: { sex: 0 | 1 | null; birthday: string }, visitDate: string): string | null {
  if (department === '中医妇科' && person.sex !== 0) {
    return '中医妇科仅接诊女性患者，该就诊人不能预约：请为女性就诊人预约，或选择中医内科等其他科室';
  }
  if (department === '中医儿科' && person.birthday) {
    const age = ageOn(person.birthday, visitDate);
    if (age >= PAEDIATRIC_MAX_AGE) {
      return `中医儿科仅接诊就诊当天未满${PAEDIATRIC_MAX_AGE}周岁的儿童，该就诊人就诊时${age}岁：请选择中医内科等成人科室`;
    }
  }
  return null;
}
