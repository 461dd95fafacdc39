/**
 * The booking side of the demo members' records (migrations 050, 090), after seedMemberServices made them
 * (13800000001 keeps 23). The records agree with the seeding clock: nothing is created after it, every
 * 已预约 visit is still to come, and every lapsed, visited or missed one is in the past.
 *
 * - Each member's record -001 is a front-desk appointment (no schedule id) in a real period of its doctor
 *   two or more days ahead, made yesterday: booking that doctor and period again for the same person is a
 *   duplicate (docs/api.md "HIS_Register booking").
 * - 13800000001's record -002 is a site booking, paid, for one of her two 就诊人 (seeded here: her mother
 *   and her son); the other members' -002 is a front-desk appointment like their -001.
 * - Record -009 is a past booking that lapsed unpaid; paid records carry a simulated payment number.
 */
import { registrationCharge } from '@/lib/fees';
import { idCardCheckChar } from '@/lib/validation';
import { chinaDate } from '../handlers/clinic-rows';
import { slotsFor, type Slot } from '../handlers/schedule-slots';
import type { Database, Seeder } from '../types';

/** 13800000001's 就诊人: real-looking Kunming ID cards with a valid SPEC §5 check character. */
const DEMO_PATIENTS = [
  { name: '张秀兰', relation: '父母', first17: '53010219520314002', phone: '13800000101' },
  { name: '李想', relation: '子女', first17: '53010320100915003', phone: '13800000001' },
] as const;

const DAY_MS = 86_400_000;

interface SeededRecord {
  id: number;
  register_no: string;
  member_id: number;
  doctor_code: string;
}

function tableExists(db: Database, name: string): boolean {
  return Boolean(db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name));
}

/** The doctor's first open period at least two China days ahead (far from any cut-off), or null. */
function upcomingSlot(db: Database, doctorCode: string, now: Date, skip: Set<string>): Slot | null {
  const doctor = db.prepare('SELECT doctor_id FROM doctors WHERE appointment_code = ?').get(doctorCode) as { doctor_id: number } | undefined;
  if (!doctor) return null;
  const from = chinaDate(now, 2).date;
  return slotsFor(db, { doctorId: doctor.doctor_id }, now).find((s) => s.Date >= from && s.BookState === 'open' && !skip.has(s.ScheduleID)) ?? null;
}

/** A front-desk number is a half-hour window of the period (the HIS's 分时段), e.g. 上午 08:30-09:00. */
function frontDeskWindow(slot: Slot): string {
  const [h, m] = slot.StartTime.split(':').map(Number);
  const end = (h! * 60 + m! + 30);
  return `${slot.ShiftName} ${slot.StartTime}-${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

function seedDemoPatients(db: Database, memberId: number, now: Date): { id: number; name: string; relation: string; idCard: string; phone: string }[] {
  const at = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  return DEMO_PATIENTS.map((p) => {
    const idCard = p.first17 + idCardCheckChar(p.first17);
    const id = Number(
      db
        .prepare('INSERT INTO patients (member_id, name, relation, id_card, phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(memberId, p.name, p.relation, idCard, p.phone, at, at).lastInsertRowid,
    );
    return { id, name: p.name, relation: p.relation, idCard, phone: p.phone };
  });
}

export const seedBooking: Seeder = (db, settings) => {
  if (!tableExists(db, 'registrations')) return;
  const now = settings.now();
  const nowIso = now.toISOString();
  const yesterday = new Date(now.getTime() - DAY_MS);
  const hasSchedules = tableExists(db, 'doctors') && tableExists(db, 'schedule_patterns');
  const upcoming = db
    .prepare(`SELECT id, register_no, member_id, doctor_code FROM registrations WHERE status = 0 AND (register_no LIKE 'R%-001' OR register_no LIKE 'R%-002') ORDER BY id`)
    .all() as SeededRecord[];
  const firstMember = db.prepare(`SELECT id FROM members WHERE phone = '13800000001'`).get() as { id: number } | undefined;
  const patients = firstMember && tableExists(db, 'patients') ? seedDemoPatients(db, firstMember.id, now) : [];
  const taken = new Set<string>();

  const frontDesk = db.prepare('UPDATE registrations SET visit_date = ?, time_slot = ?, created_at = ? WHERE id = ?');
  const siteBooking = db.prepare(
    `UPDATE registrations SET visit_date = ?, time_slot = ?, hospital_code = ?, hospital_name = ?, created_at = ?, schedule_id = ?,
       doctor_id = ?, shift_id = ?, period_start = ?, pay_deadline = ?, paid_at = ?, idempotency_key = ?,
       patient_id = ?, patient_name = ?, patient_relation = ?, patient_id_card = ?, patient_phone = ?
     WHERE id = ?`,
  );
  for (const r of upcoming) {
    const slot = hasSchedules ? upcomingSlot(db, r.doctor_code, now, taken) : null;
    if (!slot) continue;
    taken.add(slot.ScheduleID);
    const patient = r.member_id === firstMember?.id && r.register_no.endsWith('-002') ? patients[0] : undefined;
    if (patient) {
      // Booked on the site yesterday and paid within its 15 minutes.
      const booked = yesterday.toISOString();
      const paid = new Date(yesterday.getTime() + 3 * 60_000).toISOString();
      siteBooking.run(
        slot.Date, `${slot.ShiftName} ${slot.StartTime}-${slot.EndTime}`, slot.HospitalCode, slot.HospitalName, booked, slot.ScheduleID,
        slot.DoctorID, slot.ShiftID, slot.PeriodStart, new Date(yesterday.getTime() + settings.bookingPaymentMinutes * 60_000).toISOString(),
        paid, `seed-${r.register_no}`, patient.id, patient.name, patient.relation, patient.idCard, patient.phone, r.id,
      );
      // Priced as the site prices a booking: the fee at the holder's card level (lib/fees.ts).
      const level = (db.prepare('SELECT level FROM members WHERE id = ?').get(r.member_id) as { level: number } | undefined)?.level;
      const charge = registrationCharge(slot.RegisterFee, level);
      db.prepare('UPDATE registrations SET fee = ?, pay_fen = ?, discount_level = ? WHERE id = ?').run(slot.RegisterFee, charge.amountFen, charge.level, r.id);
    } else {
      frontDesk.run(slot.Date, frontDeskWindow(slot), yesterday.toISOString(), r.id);
    }
  }
  // A past booking that was never paid.
  db.prepare(`UPDATE registrations SET status = 5, pay_deadline = created_at WHERE register_no LIKE 'R%-009' AND status = 1`).run();
  // Paid bookings carry their payment (a site booking above has its own time already).
  db.prepare(`UPDATE registrations SET paid_at = COALESCE(paid_at, created_at), payment_no = 'SIM' || upper(hex(randomblob(8))) WHERE status IN (0, 1, 3)`).run();
  // Nothing is made after the clock that seeds it.
  db.prepare('UPDATE registrations SET created_at = ? WHERE created_at > ?').run(yesterday.toISOString(), nowIso);
};
