/**
 * The reminder SMS the day before a visit (docs/api.md "HIS_Register booking", "Reminders"). Without an
 * SMS gateway it is written to the SMS outbox of notices (sms_notices, migration 091) at the right time;
 * with the group's API host (API_BASE_URL) the host sends its own and the site runs none of this.
 *
 * - When: from REMINDER_HOUR (18:00 China time) on the day before the visit until the period starts; a
 *   booking paid after 18:00 for the next day is reminded at once. Only 已预约 (0) records: an unpaid one
 *   is not an appointment yet, and a cancelled, lapsed or rescheduled one has no such visit (a reschedule
 *   clears the mark, so the new time gets its own reminder).
 * - To whom: the 就诊人's phone, and the account holder's when it differs (the account's alone for older records).
 * - Once: each row is claimed by `UPDATE … SET reminder_sent_at WHERE reminder_sent_at IS NULL` and the
 *   notice is written in the same IMMEDIATE transaction. SQLite serialises the writers of every process
 *   that shares the database, so when two server processes run their pass at once, the second finds the
 *   row claimed and writes nothing.
 * - Each process runs the pass every REMINDER_INTERVAL_MS from its backend's first use (router.ts
 *   getBackend), on the backend's one clock (settings.now).
 */
import { VISIT_NOTICE_SHORT } from '@/lib/visit-rules';
import { chinaDate, WEEKDAY_NAMES } from './handlers/clinic-rows';
import { periodStartOfRow } from './handlers/register';
import { refundOverdueAsks } from './handlers/ask';
import type { BackendSettings, Database } from './types';

/** The hour (China time) of the day before the visit from which its reminder is sent. */
export const REMINDER_HOUR = 18;
export const REMINDER_INTERVAL_MS = 60_000;

/** A record whose reminder is due (dueReminders), as sendReminder takes it. */
export interface DueReminder {
  id: number;
  register_no: string;
  patient_name: string;
  patient_phone: string | null;
  member_phone: string | null;
  visit_date: string;
  time_slot: string;
  period_start: string | null;
  hospital_name: string;
  address: string | null;
  department: string;
  doctor_name: string;
  doctor_title: string;
}

/** When a visit on `visitDate` (yyyy-mm-dd, China) is reminded: 18:00 China time the day before. */
export function reminderDueAt(visitDate: string): Date {
  const day = new Date(`${visitDate}T${String(REMINDER_HOUR).padStart(2, '0')}:00:00+08:00`);
  return new Date(day.getTime() - 86_400_000);
}

/** The reminder's text: who, when, where, what to bring, and where to change it. */
export function reminderText(r: DueReminder): string {
  const [, m, d] = r.visit_date.split('-').map(Number);
  const weekday = WEEKDAY_NAMES[new Date(`${r.visit_date}T12:00:00+08:00`).getUTCDay()];
  return (
    `【圣爱中医】就诊提醒：${r.patient_name}您好，您预约了${m}月${d}日（${weekday}）${r.time_slot}` +
    `${r.hospital_name}${r.department}${r.doctor_name}${r.doctor_title}的门诊，预约单号${r.register_no}。` +
    VISIT_NOTICE_SHORT +
    (r.address ? `地址：${r.address}。` : '') +
    `如需取消或改约，请登录圣爱中医官网“挂号记录”办理。`
  );
}

/** 已预约 records of today and tomorrow (China) that have no reminder yet, each due at `now`. */
export function dueReminders(db: Database, now: Date): DueReminder[] {
  const rows = db
    .prepare(
      `SELECT r.id, r.register_no, r.patient_name, r.patient_phone, m.phone AS member_phone, r.visit_date, r.time_slot,
         r.period_start, r.hospital_name, o.address, r.department, r.doctor_name, r.doctor_title
       FROM registrations r
       LEFT JOIN members m ON m.id = r.member_id
       LEFT JOIN orgs o ON o.code = r.hospital_code
       WHERE r.status = 0 AND r.reminder_sent_at IS NULL AND r.visit_date IN (?, ?)
       ORDER BY r.id`,
    )
    .all(chinaDate(now).date, chinaDate(now, 1).date) as DueReminder[];
  return rows.filter((r) => {
    const start = periodStartOfRow(r);
    return start !== null && reminderDueAt(r.visit_date).getTime() <= now.getTime() && now.getTime() < start.getTime();
  });
}

/**
 * Claims one record's reminder and writes it to the outbox, in one transaction; false when another pass
 * (this process's or another's) claimed it first, or it stopped being 已预约.
 */
export function sendReminder(db: Database, settings: Pick<BackendSettings, 'log' | 'devAids'>, row: DueReminder, now: Date): boolean {
  // The 就诊人's phone, and the account holder's too when it differs: whoever booked for a parent hears of it.
  const phones = [...new Set([row.patient_phone, row.member_phone].filter((p): p is string => Boolean(p)))];
  const at = now.toISOString();
  const sent = db
    .transaction(() => {
      const claimed = db
        .prepare('UPDATE registrations SET reminder_sent_at = ? WHERE id = ? AND status = 0 AND reminder_sent_at IS NULL')
        .run(at, row.id).changes;
      if (claimed !== 1) return false;
      const notice = db.prepare(`INSERT INTO sms_notices (phone, kind, register_no, text, created_at) VALUES (?, 'reminder', ?, ?, ?)`);
      for (const phone of phones) notice.run(phone, row.register_no, reminderText(row), at);
      return true;
    })
    .immediate();
  if (sent && settings.devAids) settings.log(`SMS reminder to ${phones.join(', ')}: ${row.register_no}`);
  return sent;
}

/** One pass: every reminder due at `now`, each sent once. Returns how many this pass sent. */
export function sendDueReminders(db: Database, settings: Pick<BackendSettings, 'log' | 'devAids'>, now: Date): number {
  let sent = 0;
  for (const row of dueReminders(db, now)) if (sendReminder(db, settings, row, now)) sent += 1;
  return sent;
}

/** The outbox of notices sent to a phone, newest first (Dev/GetSmsNotices, tests). */
export function smsNoticesOf(db: Database, phone: string) {
  return db
    .prepare(
      `SELECT id AS ID, phone AS Phone, kind AS Kind, register_no AS RegisterNo, text AS Text, created_at AS CreateTime
       FROM sms_notices WHERE phone = ? ORDER BY created_at DESC, id DESC LIMIT 50`,
    )
    .all(phone) as { ID: number; Phone: string; Kind: string; RegisterNo: string; Text: string; CreateTime: string }[];
}

const globalForReminders = globalThis as typeof globalThis & { __shengaiReminders?: ReturnType<typeof setInterval> };

/**
 * Runs the pass now and every REMINDER_INTERVAL_MS in this process (once per process). The timer does
 * not keep the process alive, and a busy or failing pass is logged and tried again on the next tick.
 */
export function startReminderClock(db: Database, settings: BackendSettings): void {
  if (globalForReminders.__shengaiReminders) return;
  const pass = () => {
    try {
      sendDueReminders(db, settings, settings.now());
    } catch (err) {
      console.error(`[backend] reminder pass failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    // 图文问诊 unanswered past ASK_RULES.answerHours: refunded, the member told by SMS (handlers/ask.ts).
    refundOverdueAsks(db, settings, settings.now()).catch((err: unknown) => {
      console.error(`[backend] question refund pass failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  };
  globalForReminders.__shengaiReminders = setInterval(pass, REMINDER_INTERVAL_MS);
  globalForReminders.__shengaiReminders.unref?.();
  setImmediate(pass);
}
