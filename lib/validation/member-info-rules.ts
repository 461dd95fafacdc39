/**
 * Rules of the /modifyInfor form (SPEC §5), shared by the form and its server
 * action: name 2–30 characters; an ID card of 15 or 18 digits with a valid
 * checksum, which fixes birthday and sex; an optional email.
 */
import { EMAIL_RE, validateAddress, validateIdCard, validateName } from './fields';

export interface MemberInfoDraft {
  name: string;
  /** '1' male, '0' female, '' unknown. */
  sex: string;
  /** yyyy-mm-dd or ''. */
  birthday: string;
  /** A new ID card number, or '' to keep the stored one. */
  idCard: string;
  email: string;
  address: string;
}

export interface CleanMemberInfo {
  name: string;
  sex?: 0 | 1;
  birthday?: string;
  idCard?: string;
  email: string;
  address: string;
}

export type MemberInfoErrors = Partial<Record<keyof MemberInfoDraft, string>>;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function realPastDate(value: string, today: Date): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 && Number(m[1]) >= 1900 && d <= today;
}

export function validateMemberInfo(
  draft: MemberInfoDraft,
  today: Date = new Date(),
): { ok: true; value: CleanMemberInfo } | { ok: false; errors: MemberInfoErrors } {
  const errors: MemberInfoErrors = {};
  const name = validateName(draft.name);
  if (!name.ok) errors.name = name.message;

  let sex: 0 | 1 | undefined = draft.sex === '1' ? 1 : draft.sex === '0' ? 0 : undefined;
  let birthday = draft.birthday.trim() || undefined;
  if (birthday && !realPastDate(birthday, today)) errors.birthday = '请选择有效的出生日期';

  let idCard: string | undefined;
  if (draft.idCard.trim()) {
    const id = validateIdCard(draft.idCard, today);
    if (!id.ok) errors.idCard = id.message;
    else {
      // SPEC §5: the ID card decides birthday and sex.
      idCard = id.value.number;
      birthday = id.value.birthday;
      sex = id.value.sex;
      delete errors.birthday;
    }
  }

  const email = draft.email.trim();
  if (email && (email.length > 100 || !EMAIL_RE.test(email))) errors.email = '请输入有效的电子邮箱';
  const addressCheck = validateAddress(draft.address, 100);
  const address = addressCheck.ok ? addressCheck.value : draft.address.trim();
  if (!addressCheck.ok) errors.address = addressCheck.message;

  if (Object.keys(errors).length || !name.ok) return { ok: false, errors };
  return { ok: true, value: { name: name.value, sex, birthday, idCard, email, address } };
}
