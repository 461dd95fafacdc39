/**
 * 就诊人 under HIS_Register (the site's extension of SPEC §7, docs/api.md "HIS_Register patients"): the
 * people an account books for. Registration is real-name, so every 就诊人 has a name and a Chinese ID card
 * (SPEC §5 checksum) and a phone for the reminder SMS.
 * - GetPatientList (member): the account holder first (PatientID 0, 本人) once their ID card is on file,
 *   then the 就诊人 they added;
 * - AddPatient, UpdatePatient, DeletePatient (member, writes, throttled by lib/limits.ts patientWrite): at
 *   most MAX_PATIENTS in all, one per ID card; a 就诊人 with a booking still to come cannot be removed.
 * The holder's own entry is their member record (edited with UpdateVipinformation, /modifyInfor).
 *
 * One ID card is one person (docs/security.md "就诊人"): the embedded backend's patient index is every
 * account's 就诊人 and holders (the API host checks the hospital's). A number on file under another name is
 * refused with the real-name check's words only, 姓名与身份证号不一致; a number another account holds under
 * the same name needs that person's consent, an SMS code sent to the phone on file for them
 * (sms.ts CONSENT_PURPOSE). No answer names what another account holds.
 */
import {
  isPatientRelation,
  maskIdCard,
  MAX_PATIENTS,
  SELF_RELATION,
  validateIdCard,
  validateMobilePhone,
  validateName,
} from '@/lib/validation';
import { optionalInt, optionalString, requiredInt, requiredString, type Sending } from '../fields';
import { addressBlocks } from '@/lib/security/client-address';
import { CONSENT_PURPOSE, sendSmsCode } from '../sms';
import { BackendError, ErrorNo, type Caller, type Database, type EndpointMap, type Fields, type HandlerContext } from '../types';
import type { WirePatient, WirePatientList } from '@/lib/contract';
import { checkSmsCode, checkSmsSendOrProof, checked, clientFor, clientLimit, nowSeconds } from './auth-support';

/** Whom a booking is for: the account holder (patientId null) or one of their 就诊人. */
export interface BookingPatient {
  patientId: number | null;
  name: string;
  relation: string;
  idCard: string;
  phone: string;
}

interface PatientRow {
  id: number;
  member_id: number;
  name: string;
  relation: string;
  id_card: string;
  phone: string;
  created_at: string;
}

interface HolderRow {
  id: number;
  name: string;
  phone: string;
  id_card: string | null;
}

export type PatientRefusal =
  | 'PATIENT_LIMIT'
  | 'PATIENT_EXISTS'
  | 'PATIENT_IS_SELF'
  | 'PATIENT_BUSY'
  | 'SELF_READONLY'
  | 'REAL_NAME_REQUIRED'
  | 'NAME_MISMATCH'
  | 'CONSENT_REQUIRED';

/** The most an answer says about a number on file under another name (the real-name check's words). */
export const NAME_MISMATCH_MESSAGE = '姓名与身份证号不一致，请核对后重新输入（须与身份证上的姓名一致）';

function refuse(reason: PatientRefusal, message: string): never {
  throw new BackendError(ErrorNo.REFUSED, message, { Reason: reason });
}

function memberIdOf(caller: Caller): number {
  if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
  return caller.memberId;
}

function holderOf(db: Database, memberId: number): HolderRow {
  const row = db.prepare('SELECT id, name, phone, id_card FROM members WHERE id = ?').get(memberId) as HolderRow | undefined;
  if (!row) throw new BackendError(ErrorNo.VIP_NOT_BOUND, '会员信息不存在，请重新登录');
  return row;
}

function patientRows(db: Database, memberId: number): PatientRow[] {
  return db.prepare('SELECT * FROM patients WHERE member_id = ? ORDER BY id').all(memberId) as PatientRow[];
}

/**
 * Active bookings of one person of an account: paid and still to come, or unpaid within the deadline
 * (docs/api.md "Numbers"); the holder's are those with no patient_id.
 */
function hasActiveBooking(db: Database, memberId: number, patientId: number | null, now: Date): boolean {
  const nowIso = now.toISOString();
  const today = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  return Boolean(
    db
      .prepare(
        `SELECT 1 FROM registrations WHERE member_id = ? AND ${patientId === null ? 'patient_id IS NULL' : 'patient_id = ?'}
           AND ((status = 0 AND visit_date >= ?) OR (status = 4 AND pay_deadline > ?)) LIMIT 1`,
      )
      .get(...(patientId === null ? [memberId, today, nowIso] : [memberId, patientId, today, nowIso])),
  );
}

function wire(
  p: { id: number; name: string; relation: string; idCard: string; phone: string },
  { self, canRemove, now }: { self: boolean; canRemove: boolean; now: Date },
): WirePatient {
  const info = validateIdCard(p.idCard, now);
  return {
    PatientID: p.id,
    Name: p.name,
    Relation: p.relation,
    IDCard: maskIdCard(p.idCard),
    Phone: p.phone,
    Sex: info.ok ? info.value.sex : -1,
    Birthday: info.ok ? info.value.birthday : '',
    Age: info.ok ? info.value.age : -1,
    IsSelf: self ? 1 : 0,
    CanRemove: canRemove ? 1 : 0,
  };
}

/** The holder (PatientID 0) when their ID card is on file, then the 就诊人 they added. */
export function patientList(db: Database, memberId: number, now: Date): WirePatientList & { TotalCount: number } {
  const holder = holderOf(db, memberId);
  const list: WirePatient[] = [];
  if (holder.id_card) {
    list.push(wire({ id: 0, name: holder.name, relation: SELF_RELATION, idCard: holder.id_card, phone: holder.phone }, { self: true, canRemove: false, now }));
  }
  for (const p of patientRows(db, memberId)) {
    list.push(
      wire({ id: p.id, name: p.name, relation: p.relation, idCard: p.id_card, phone: p.phone }, { self: false, canRemove: !hasActiveBooking(db, memberId, p.id, now), now }),
    );
  }
  return { DataList: list, TotalCount: list.length, MaxCount: MAX_PATIENTS, SelfIDCardOnFile: holder.id_card ? 1 : 0 };
}

/**
 * Whom a booking is for (BookRegister's PatientID): 0 or absent is the account holder, who must have their
 * ID card on file (real-name registration); another id must be one of the caller's own 就诊人 (another
 * account's is answered as unknown).
 */
export function bookingPatient(db: Database, memberId: number, patientId: number): BookingPatient {
  if (patientId === 0) {
    const holder = holderOf(db, memberId);
    if (!holder.id_card) refuse('REAL_NAME_REQUIRED', '挂号实行实名制：请先在“编辑资料”中登记本人身份证号，或添加就诊人后为其预约');
    return { patientId: null, name: holder.name, relation: SELF_RELATION, idCard: holder.id_card, phone: holder.phone };
  }
  const row = db.prepare('SELECT * FROM patients WHERE id = ? AND member_id = ?').get(patientId, memberId) as PatientRow | undefined;
  if (!row) throw new BackendError(ErrorNo.NOT_FOUND, '就诊人不存在，请重新选择');
  return { patientId: row.id, name: row.name, relation: row.relation, idCard: row.id_card, phone: row.phone };
}

function relationField<F extends Fields & { readonly Relation?: string }>(fields: Sending<F, 'Relation'>): string {
  const relation = requiredString(fields, 'Relation', '与本人关系', 16);
  if (relation === SELF_RELATION) refuse('PATIENT_IS_SELF', '本人无需添加：在“编辑资料”中登记身份证号后，本人即为就诊人');
  if (!isPatientRelation(relation)) throw new BackendError(ErrorNo.BAD_INPUT, '与本人关系取值无效');
  return relation;
}

function checkIdCard(db: Database, memberId: number, idCard: string, exceptId: number | null) {
  if (holderOf(db, memberId).id_card === idCard) {
    refuse('PATIENT_IS_SELF', '该身份证号为账号本人，无需添加为就诊人');
  }
  const same = db.prepare('SELECT id FROM patients WHERE member_id = ? AND id_card = ?').get(memberId, idCard) as { id: number } | undefined;
  if (same && same.id !== exceptId) refuse('PATIENT_EXISTS', '该身份证号的就诊人已添加，请勿重复添加');
}

/** Whom another account has on file under this number: their name and the phone that reaches them. */
function personOnFile(db: Database, memberId: number, idCard: string): { name: string; phone: string } | null {
  const holder = db.prepare('SELECT name, phone FROM members WHERE id_card = ? AND id <> ? ORDER BY id LIMIT 1').get(idCard, memberId) as
    | { name: string; phone: string }
    | undefined;
  if (holder) return holder;
  const patient = db.prepare('SELECT name, phone FROM patients WHERE id_card = ? AND member_id <> ? ORDER BY id LIMIT 1').get(idCard, memberId) as
    | { name: string; phone: string }
    | undefined;
  return patient ?? null;
}

/**
 * The hospital's rule "one ID card is one person", across accounts (see the head of this file). `name` must
 * be the name every other account has for the number; a number new to this account that another account
 * holds needs the consent code (ConsentCode): without one, a code is sent to the phone on file for that
 * person and the write is refused with CONSENT_REQUIRED. Nothing in an answer names the other account, its
 * 就诊人 or that phone.
 */
async function crossAccountCheck(ctx: HandlerContext, memberId: number, name: string, idCard: string, newToAccount: boolean): Promise<void> {
  const other = personOnFile(ctx.db, memberId, idCard);
  if (!other) return;
  if (other.name !== name) refuse('NAME_MISMATCH', NAME_MISMATCH_MESSAGE);
  if (!newToAccount) return;
  const code = optionalString(ctx.fields, 'ConsentCode', '本人同意验证码', 8);
  const now = nowSeconds(ctx.now);
  if (code) {
    await checkSmsCode(ctx, other.phone, code, now, true, true);
    return;
  }
  const input = {
    phone: other.phone,
    purpose: CONSENT_PURPOSE,
    client: clientFor(ctx, other.phone, now),
    imageKey: optionalString(ctx.fields, 'ImgKey', '图形验证码标识', 64),
    imageCode: optionalString(ctx.fields, 'ImgCode', '图形验证码', 8),
    block: addressBlocks(ctx.address)[0]?.key ?? ctx.ip,
  } as const;
  // The SMS machinery's own quotas (sms.ts, lib/limits.ts): a stranger cannot flood that phone, and cannot close
  // the consent to the member either (past strangers' share, a proof of work passes, as for any send).
  await clientLimit(ctx, 'smsSendClient', input.client);
  sendSmsCode(ctx.db, ctx.settings, now, await checkSmsSendOrProof(ctx, input, now));
  refuse(
    'CONSENT_REQUIRED',
    '该就诊人需本人同意后才能添加：验证码已发送至其本人登记的手机，请向其索取6位验证码并填写（5分钟内有效）',
  );
}

/**
 * The holder's own ID card (UpdateVipinformation, /modifyInfor) keeps the same rules: another account's
 * name for the number must be theirs, and registering it makes the holder a 就诊人, so an account already at
 * MAX_PATIENTS must make room first (what /dRecord/patients says, shows and enforces agree).
 */
export function checkHolderIdCard(db: Database, memberId: number, name: string, idCard: string, hadCard: boolean): void {
  const other = personOnFile(db, memberId, idCard);
  if (other && other.name !== name) refuse('NAME_MISMATCH', NAME_MISMATCH_MESSAGE);
  if (!hadCard && patientRows(db, memberId).length >= MAX_PATIENTS) {
    refuse('PATIENT_LIMIT', `就诊人已满${MAX_PATIENTS}位（含本人）：登记本人身份证号后本人也是就诊人，请先在“就诊人管理”中删除一位`);
  }
}

/**
 * Every well-formed 就诊人 write spends the member's allowance (lib/limits.ts patientWrite), whatever its
 * outcome; bad input is refused before, spending nothing (it writes nothing either).
 */
async function throttleWrite(ctx: HandlerContext, memberId: number) {
  await ctx.throttles.consume('patientWrite', `member:${memberId}`);
}

function patientIdField<F extends Fields & { readonly PatientID?: string }>(fields: Sending<F, 'PatientID'>): number {
  return requiredInt(fields, 'PatientID', '就诊人编号', { min: 0, max: 2_147_483_647 });
}

function ownPatient(db: Database, memberId: number, patientId: number): PatientRow {
  if (patientId === 0) refuse('SELF_READONLY', '本人信息请在“编辑资料”中修改');
  const row = db.prepare('SELECT * FROM patients WHERE id = ? AND member_id = ?').get(patientId, memberId) as PatientRow | undefined;
  // Another account's 就诊人 is "not found" too: its existence is not told.
  if (!row) throw new BackendError(ErrorNo.NOT_FOUND, '就诊人不存在');
  return row;
}

export const patientEndpoints = {
  'HIS_Register/GetPatientList': {
    access: 'member',
    handle: (ctx) => patientList(ctx.db, memberIdOf(ctx.caller), ctx.now),
  },

  'HIS_Register/AddPatient': {
    access: 'member',
    write: true,
    handle: async (ctx) => {
      const memberId = memberIdOf(ctx.caller);
      const name = checked(validateName(requiredString(ctx.fields, 'Name', '就诊人姓名', 64)));
      const relation = relationField(ctx.fields);
      const idCard = checked(validateIdCard(requiredString(ctx.fields, 'IDCard', '身份证号', 32), ctx.now)).number;
      const phone = checked(validateMobilePhone(requiredString(ctx.fields, 'Phone', '手机号', 32)));
      await throttleWrite(ctx, memberId);
      const at = ctx.now.toISOString();
      // The account's own rules first (limit, one per card), so a consent code is never sent for nothing.
      ctx.db
        .transaction(() => {
          const holder = holderOf(ctx.db, memberId);
          const count = patientRows(ctx.db, memberId).length + (holder.id_card ? 1 : 0);
          if (count >= MAX_PATIENTS) refuse('PATIENT_LIMIT', `每个账号最多${MAX_PATIENTS}位就诊人（含本人），请先删除不再需要的就诊人`);
          checkIdCard(ctx.db, memberId, idCard, null);
        })
        .immediate();
      await crossAccountCheck(ctx, memberId, name, idCard, true);
      const id = ctx.db
        .transaction(() => {
          const holder = holderOf(ctx.db, memberId);
          const count = patientRows(ctx.db, memberId).length + (holder.id_card ? 1 : 0);
          if (count >= MAX_PATIENTS) refuse('PATIENT_LIMIT', `每个账号最多${MAX_PATIENTS}位就诊人（含本人），请先删除不再需要的就诊人`);
          checkIdCard(ctx.db, memberId, idCard, null);
          return Number(
            ctx.db
              .prepare('INSERT INTO patients (member_id, name, relation, id_card, phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
              .run(memberId, name, relation, idCard, phone, at, at).lastInsertRowid,
          );
        })
        .immediate();
      return wire({ id, name, relation, idCard, phone }, { self: false, canRemove: true, now: ctx.now });
    },
  },

  'HIS_Register/UpdatePatient': {
    access: 'member',
    write: true,
    handle: async (ctx) => {
      const memberId = memberIdOf(ctx.caller);
      const patientId = patientIdField(ctx.fields);
      const name = checked(validateName(requiredString(ctx.fields, 'Name', '就诊人姓名', 64)));
      const relation = relationField(ctx.fields);
      const idRaw = optionalString(ctx.fields, 'IDCard', '身份证号', 32);
      // The masked number the form shows, or nothing, keeps the stored one.
      const typed = idRaw && !idRaw.includes('*') ? checked(validateIdCard(idRaw, ctx.now)).number : null;
      const phone = checked(validateMobilePhone(requiredString(ctx.fields, 'Phone', '手机号', 32)));
      await throttleWrite(ctx, memberId);
      const before = ownPatient(ctx.db, memberId, patientId);
      const newIdCard = typed === before.id_card ? null : typed;
      if (newIdCard) checkIdCard(ctx.db, memberId, newIdCard, patientId);
      // A new name must still match the number; a new number another account holds needs consent.
      await crossAccountCheck(ctx, memberId, name, newIdCard ?? before.id_card, newIdCard !== null);
      const row = ctx.db
        .transaction(() => {
          const current = ownPatient(ctx.db, memberId, patientId);
          if (newIdCard) checkIdCard(ctx.db, memberId, newIdCard, patientId);
          ctx.db
            .prepare('UPDATE patients SET name = ?, relation = ?, id_card = ?, phone = ?, updated_at = ? WHERE id = ?')
            .run(name, relation, newIdCard ?? current.id_card, phone, ctx.now.toISOString(), patientId);
          return ownPatient(ctx.db, memberId, patientId);
        })
        .immediate();
      return wire(
        { id: row.id, name: row.name, relation: row.relation, idCard: row.id_card, phone: row.phone },
        { self: false, canRemove: !hasActiveBooking(ctx.db, memberId, row.id, ctx.now), now: ctx.now },
      );
    },
  },

  'HIS_Register/DeletePatient': {
    access: 'member',
    write: true,
    handle: async (ctx) => {
      const memberId = memberIdOf(ctx.caller);
      const patientId = patientIdField(ctx.fields);
      await throttleWrite(ctx, memberId);
      ctx.db
        .transaction(() => {
          ownPatient(ctx.db, memberId, patientId);
          if (hasActiveBooking(ctx.db, memberId, patientId, ctx.now)) {
            refuse('PATIENT_BUSY', '该就诊人还有待就诊或待支付的预约，请先取消预约或就诊后再删除');
          }
          // Past records keep their own copy of who the patient was (migration 090).
          ctx.db.prepare('DELETE FROM patients WHERE id = ? AND member_id = ?').run(patientId, memberId);
        })
        .immediate();
      return { PatientID: patientId, Deleted: true };
    },
  },
} satisfies EndpointMap;

/** BookRegister's PatientID: absent means the account holder (0). */
export function optionalPatientId<F extends Fields & { readonly PatientID?: string }>(fields: Sending<F, 'PatientID'>): number {
  return optionalInt(fields, 'PatientID', '就诊人编号', { min: 0, max: 2_147_483_647 }) ?? 0;
}
