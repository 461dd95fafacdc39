/**
 * 图文问诊 asked on the site (docs/api.md "IM_AskQuestion: asking a doctor").
 *
 * - asks: one question of a member to a doctor, for one 就诊人, with its payment, the doctor's answer, one
 *   follow-up and its answer, and the rating. status: 4 待支付 (lapses to 5 已过期 at pay_deadline, read, not
 *   swept), 0 待回复 (paid; again after a follow-up), 1 已回复, 2 已退款 (unanswered 48 hours after payment),
 *   3 已评价, 6 while its refund is under way. fee is what the member pays: the doctor's 图文问诊 fee (list_fee)
 *   at the account holder's card level, as for 挂号 (lib/fees.ts), with discount_label saying so. (member_id, idempotency_key) is unique: a resubmit makes no
 *   second question. public_question_id is the row a public question got in `questions` when answered.
 * - ask_photos: the photos of a question, as stored after re-encoding (ask-photos.ts: the file beside the
 *   database), with the bytes sent for the member's daily allowance.
 * Private questions never get a row in `questions` or `evaluations`: nothing of them is public.
 */
import type { Migration } from '../types';

export const askQuestionsMigration: Migration = {
  id: '160-ask-questions',
  sql: `
CREATE TABLE asks (
  id INTEGER PRIMARY KEY,
  ask_no TEXT NOT NULL UNIQUE,
  member_id INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL,
  doctor_id INTEGER NOT NULL REFERENCES doctors(doctor_id),
  patient_id INTEGER,
  patient_name TEXT NOT NULL,
  patient_phone TEXT,
  content TEXT NOT NULL,
  duration TEXT NOT NULL,
  seen_doctor INTEGER NOT NULL CHECK (seen_doctor IN (0, 1)),
  is_private INTEGER NOT NULL CHECK (is_private IN (0, 1)),
  fee REAL NOT NULL,
  list_fee REAL NOT NULL,
  discount_label TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL CHECK (status IN (0, 1, 2, 3, 4, 5, 6)),
  created_at TEXT NOT NULL,
  pay_deadline TEXT NOT NULL,
  paid_at TEXT,
  payment_no TEXT,
  answer TEXT,
  answered_at TEXT,
  follow_up TEXT,
  follow_up_at TEXT,
  follow_up_answer TEXT,
  follow_up_answered_at TEXT,
  satisfaction INTEGER CHECK (satisfaction IS NULL OR satisfaction BETWEEN 1 AND 3),
  rating_words TEXT,
  rated_at TEXT,
  refunded_at TEXT,
  public_question_id INTEGER,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX asks_member ON asks (member_id, created_at DESC);
CREATE INDEX asks_overdue ON asks (paid_at) WHERE status = 0 AND answered_at IS NULL;

CREATE TABLE ask_photos (
  id INTEGER PRIMARY KEY,
  ask_id INTEGER NOT NULL REFERENCES asks(id),
  member_id INTEGER NOT NULL,
  file TEXT NOT NULL UNIQUE,
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  sent_bytes INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX ask_photos_ask ON ask_photos (ask_id, id);
CREATE INDEX ask_photos_member ON ask_photos (member_id, created_at);
`,
};
