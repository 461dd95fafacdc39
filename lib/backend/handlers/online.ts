/**
 * Online consultation (SPEC §7): IM_InterrogationOrder/DoctorIsOnline and
 * IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode.
 *
 * SPEC §7 has no separate question-list path, so (brief: do not invent paths)
 * GetIM_AskQuestionDetailByDoctorCode answers both: with AppointmentCode (a
 * question's code) it returns that question; without it, the list of questions,
 * optionally of one doctor (DoctorCode / DoctorID), filtered by QuestionType and
 * IsReply (SPEC §9). docs/api.md documents this.
 */
import { BackendError, ErrorNo, type EndpointMap } from '../types';
import type { WireQuestion } from '@/lib/contract';
import { listResult, optionalEnum, optionalInt, optionalString, paging } from '../fields';
import { notFound, optionalCode, slotHash } from './clinic-rows';

/** Private questions show only their title in public (the asker's words stay private). */
const PRIVATE_NOTE = '该问题为私密提问，仅提问者与医生可见';

interface QuestionRow {
  question_id: number;
  code: string;
  doctor_id: number;
  doctor_name: string;
  appointment_code: string;
  title: string;
  department: string;
  asker: string;
  q_title: string;
  content: string;
  is_private: number;
  is_replied: number;
  reply: string;
  views: number;
  created_at: string;
  replied_at: string | null;
}

const QUESTION_SQL = `SELECT q.question_id, q.code, q.doctor_id, d.name AS doctor_name, d.appointment_code, d.title,
  d.department, q.asker, q.title AS q_title, q.content, q.is_private, q.is_replied, q.reply, q.views, q.created_at,
  q.replied_at FROM questions q JOIN doctors d ON d.doctor_id = q.doctor_id`;

const wireQuestion = (r: QuestionRow): WireQuestion => ({
  QuestionID: r.question_id,
  AppointmentCode: r.code,
  DoctorID: r.doctor_id,
  DoctorName: r.doctor_name,
  DoctorCode: r.appointment_code,
  DoctorTitle: r.title,
  Department: r.department,
  AskerName: r.asker,
  Title: r.q_title,
  Content: r.is_private ? PRIVATE_NOTE : r.content,
  QuestionType: r.is_private,
  IsReply: r.is_replied,
  ReplyContent: r.is_private ? (r.is_replied ? PRIVATE_NOTE : '') : r.reply,
  Views: r.views,
  CreateTime: r.created_at,
  ReplyTime: r.replied_at,
});

/**
 * Online now: consultants are online in a rotating pattern per 10-minute window
 * during 08:00–22:00 China time, so status changes through the day (the page
 * keeps it fresh in the browser).
 */
export function isOnlineNow(doctorId: number, consultOnline: number, now: Date): boolean {
  if (!consultOnline) return false;
  const hour = (now.getUTCHours() + 8) % 24;
  if (hour < 8 || hour >= 22) return false;
  return slotHash(doctorId, Math.floor(now.getTime() / 600_000)) % 3 !== 0;
}

export const onlineEndpoints = {
  /**
   * DoctorIDs (comma list, up to 100) or DoctorID or AppointmentCode →
   * DataList [{DoctorID, AppointmentCode, IsOnline (1|0), IsOnlineConsult}].
   */
  'IM_InterrogationOrder/DoctorIsOnline': {
    access: 'public',
    handle: ({ db, fields, now }) => {
      const list = optionalString(fields, 'DoctorIDs', '医生ID列表', 1200);
      const ids: number[] = [];
      if (list) {
        for (const part of list.split(',')) {
          if (!/^\d{1,9}$/.test(part.trim())) throw new BackendError(ErrorNo.BAD_INPUT, '医生ID列表格式不正确');
          ids.push(Number(part));
        }
        if (ids.length > 100) throw new BackendError(ErrorNo.BAD_INPUT, '一次最多查询100位医生');
      } else {
        const id = optionalInt(fields, 'DoctorID', '医生ID', { min: 1 });
        const code = optionalCode(fields, 'AppointmentCode', '医生编码');
        if (id !== undefined) ids.push(id);
        else if (code) {
          const row = db.prepare('SELECT doctor_id FROM doctors WHERE appointment_code = ?').get(code) as
            | { doctor_id: number }
            | undefined;
          if (!row) notFound('医生');
          ids.push(row.doctor_id);
        } else throw new BackendError(ErrorNo.BAD_INPUT, '缺少医生ID');
      }
      const rows = db
        .prepare(
          `SELECT doctor_id, appointment_code, consult_online FROM doctors WHERE doctor_id IN (${ids.map(() => '?').join(',')})`,
        )
        .all(...ids) as { doctor_id: number; appointment_code: string; consult_online: number }[];
      return {
        DataList: rows.map((r) => ({
          DoctorID: r.doctor_id,
          AppointmentCode: r.appointment_code,
          IsOnlineConsult: r.consult_online,
          IsOnline: isOnlineNow(r.doctor_id, r.consult_online, now) ? 1 : 0,
        })),
        TotalCount: rows.length,
      };
    },
  },
  /**
   * One question: AppointmentCode (the question's code) → ReturnObject.
   * A list: DoctorCode | DoctorID (optional), QuestionType ('' | 0 public | 1 private),
   * IsReply ('' | 1 | 0), Keyword, PageIndex, PageSize → listResult, newest first.
   */
  'IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode': {
    access: 'public',
    handle: ({ db, fields }) => {
      const code = optionalCode(fields, 'AppointmentCode', '问题编码');
      if (code) {
        const row = db.prepare(`${QUESTION_SQL} WHERE q.code = ?`).get(code) as QuestionRow | undefined;
        if (!row) notFound('问题');
        return { ReturnObject: wireQuestion(row) };
      }
      const page = paging(fields, { defaultSize: 10, maxSize: 100 });
      const where: string[] = [];
      const args: (string | number)[] = [];
      const doctorCode = optionalCode(fields, 'DoctorCode', '医生编码');
      const doctorId = optionalInt(fields, 'DoctorID', '医生ID', { min: 1 });
      const type = optionalEnum(fields, 'QuestionType', ['0', '1'], '问题类型');
      const reply = optionalEnum(fields, 'IsReply', ['0', '1'], '回复状态');
      const keyword = optionalString(fields, 'Keyword', '关键词', 50);
      if (doctorId !== undefined) {
        where.push('q.doctor_id = ?');
        args.push(doctorId);
      } else if (doctorCode) {
        where.push('q.doctor_id = (SELECT doctor_id FROM doctors WHERE appointment_code = ?)');
        args.push(doctorCode);
      }
      if (type) {
        where.push('q.is_private = ?');
        args.push(Number(type));
      }
      if (reply) {
        where.push('q.is_replied = ?');
        args.push(Number(reply));
      }
      if (keyword) {
        // Private questions are matched by title only.
        where.push(`(q.title LIKE ? ESCAPE '\\' OR (q.is_private = 0 AND q.content LIKE ? ESCAPE '\\'))`);
        const p = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        args.push(p, p);
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM questions q ${whereSql}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(`${QUESTION_SQL} ${whereSql} ORDER BY q.created_at DESC, q.question_id DESC LIMIT ? OFFSET ?`)
        .all(...args, page.pageSize, page.offset) as QuestionRow[];
      return listResult(rows.map(wireQuestion), total, page);
    },
  },
} satisfies EndpointMap;
