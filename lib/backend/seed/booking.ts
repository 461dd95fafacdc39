/**
 * Booking statuses for the seeded registration records (migration 050): the
 * demo members keep their records (13800000001 keeps 23), and a few become
 * what a real history has: one booking waiting for payment, one that lapsed
 * unpaid. Runs after seedMemberServices.
 */
import type { Seeder } from '../types';

export const seedBooking: Seeder = (db, settings) => {
  const hasRegistrations = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'registrations'`).get();
  if (!hasRegistrations) return;
  const now = settings.now();
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000).toISOString();
  // The second upcoming visit was just booked and is not paid yet.
  db.prepare(`UPDATE registrations SET status = 4, pay_deadline = ? WHERE register_no LIKE 'R%-002' AND status = 0`).run(
    minutes(settings.bookingPaymentMinutes),
  );
  // A past booking that was never paid.
  db.prepare(`UPDATE registrations SET status = 5, pay_deadline = created_at WHERE register_no LIKE 'R%-009' AND status = 1`).run();
  // Paid bookings carry their payment.
  db.prepare(`UPDATE registrations SET paid_at = created_at, payment_no = 'SIM' || upper(hex(randomblob(8))) WHERE status IN (0, 1, 3)`).run();
};
