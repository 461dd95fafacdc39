/**
 * Online booking (SPEC §7 HIS_Register, the site's extension documented in
 * docs/api.md): a registration made on the site names its schedule slot, its
 * payment deadline and its idempotency key; numbers taken through other
 * channels (phone, front desk) are held per slot; payments record what the
 * payment provider answered.
 *
 * Registration status codes: 0 已预约, 1 已就诊, 2 已取消, 3 已爽约, 4 待支付,
 * 5 已过期 (an unpaid booking past its deadline; status 4 past pay_deadline
 * reads as 5 before anything writes it).
 */
import type { Migration } from '../types';

export const bookingMigration: Migration = {
  id: '050-booking',
  sql: `
ALTER TABLE registrations ADD COLUMN schedule_id TEXT;
ALTER TABLE registrations ADD COLUMN doctor_id INTEGER;
ALTER TABLE registrations ADD COLUMN shift_id INTEGER;
ALTER TABLE registrations ADD COLUMN period_start TEXT;
ALTER TABLE registrations ADD COLUMN pay_deadline TEXT;
ALTER TABLE registrations ADD COLUMN paid_at TEXT;
ALTER TABLE registrations ADD COLUMN payment_no TEXT;
ALTER TABLE registrations ADD COLUMN cancelled_at TEXT;
ALTER TABLE registrations ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX registrations_idempotency ON registrations (member_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX registrations_schedule ON registrations (schedule_id, status) WHERE schedule_id IS NOT NULL;
CREATE INDEX registrations_doctor_period ON registrations (doctor_id, visit_date, shift_id) WHERE doctor_id IS NOT NULL;

-- Numbers of a slot taken outside the site (phone, front desk); the site's own bookings are counted from registrations.
CREATE TABLE schedule_holds (
  schedule_id TEXT PRIMARY KEY,
  taken INTEGER NOT NULL CHECK (taken >= 0)
);

CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  payment_no TEXT NOT NULL UNIQUE,
  register_no TEXT NOT NULL,
  member_id INTEGER NOT NULL,
  provider TEXT NOT NULL,
  amount REAL NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'paid', 'failed', 'refunded')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX payments_register ON payments (register_no);
`,
};
