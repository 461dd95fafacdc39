/**
 * TW_Evaluate/AddRegisterEvaluate (the site's extension of SPEC §7 TW_Evaluate, docs/api.md): the review a
 * patient writes after the visit. Only the account that booked it, only a 已就诊 (1) record, and once per
 * booking (a unique index, migration 092). The review is an evaluation of the doctor and clinic like the
 * others (source 0, a clinic visit; SPEC §9's filters read it), marked verified, which the doctor page
 * shows as 已就诊患者; its stars count in the doctor's 满意度 (4–5 stars are 满意; evaluations.ts satisfiedRate).
 */
import { satisfactionOfStars, validateReviewDraft } from '@/lib/validation';
import { optionalString, requiredString } from '../fields';
import { BackendError, ErrorNo, type Database, type EndpointMap } from '../types';
import { refreshDoctorSatisfaction } from './evaluations';
import { effectiveStatus } from './register';
import type { RegisterRow } from './register';
import { isRegisterNo } from '@/lib/contract';

function refuse(reason: 'NOT_VISITED' | 'ALREADY_REVIEWED', message: string): never {
  throw new BackendError(ErrorNo.REFUSED, message, { Reason: reason });
}

/** The reviewer as every evaluation shows one: the surname, the rest hidden (王**). */
function maskedName(name: string): string {
  return `${Array.from(name)[0] ?? ''}**`;
}

function doctorOf(db: Database, row: RegisterRow): { doctor_id: number } | undefined {
  return (
    row.doctor_id !== null
      ? db.prepare('SELECT doctor_id FROM doctors WHERE doctor_id = ?').get(row.doctor_id)
      : db.prepare('SELECT doctor_id FROM doctors WHERE appointment_code = ?').get(row.doctor_code)
  ) as { doctor_id: number } | undefined;
}

export const visitReviewEndpoints = {
  'TW_Evaluate/AddRegisterEvaluate': {
    access: 'member',
    write: true,
    handle: (ctx) => {
      if (ctx.caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
      const memberId = ctx.caller.memberId;
      const registerNo = requiredString(ctx.fields, 'RegisterNo', '预约单号', 60);
      if (!isRegisterNo(registerNo)) throw new BackendError(ErrorNo.BAD_INPUT, '预约单号格式不正确');
      const checked = validateReviewDraft({
        stars: optionalString(ctx.fields, 'Stars', '评分', 8),
        content: optionalString(ctx.fields, 'Content', '评价内容', 2000),
      });
      if (!checked.ok) throw new BackendError(ErrorNo.BAD_INPUT, checked.errors.stars ?? checked.errors.content ?? '评价内容格式不正确');
      const { stars, content } = checked.value;
      const at = ctx.now.toISOString();
      return ctx.db
        .transaction(() => {
          const row = ctx.db.prepare('SELECT * FROM registrations WHERE register_no = ? AND member_id = ?').get(registerNo, memberId) as
            | RegisterRow
            | undefined;
          // Another account's record is "not found" too.
          if (!row) throw new BackendError(ErrorNo.NOT_FOUND, '预约记录不存在');
          if (effectiveStatus(row, ctx.now) !== 1) refuse('NOT_VISITED', '就诊后才能评价，该预约尚未就诊');
          if (ctx.db.prepare('SELECT 1 FROM evaluations WHERE register_no = ?').get(registerNo)) {
            refuse('ALREADY_REVIEWED', '该次就诊已评价，每次就诊只能评价一次');
          }
          const doctor = doctorOf(ctx.db, row);
          const id = Number(
            ctx.db
              .prepare(
                `INSERT INTO evaluations (doctor_id, org_code, member_name, satisfaction, eval_type, has_content, content, tags, source,
                   created_at, register_no, stars, verified)
                 VALUES (?, ?, ?, ?, 0, 1, ?, '', 0, ?, ?, ?, 1)`,
              )
              .run(doctor?.doctor_id ?? null, row.hospital_code, maskedName(row.patient_name), satisfactionOfStars(stars), content, at, registerNo, stars)
              .lastInsertRowid,
          );
          // The doctor's one satisfaction figure counts the new review at once.
          if (doctor) refreshDoctorSatisfaction(ctx.db, doctor.doctor_id);
          return { EvaluateID: id, RegisterNo: registerNo, Stars: stars, Content: content, CreateTime: at, DoctorCode: row.doctor_code, HospitalCode: row.hospital_code };
        })
        .immediate();
    },
  },
} satisfies EndpointMap;
