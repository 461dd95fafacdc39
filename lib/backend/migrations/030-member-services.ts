import type { Migration } from '../types';

/**
 * Tables of the member services (SPEC §2 member services): member rights by card level,
 * agreements, points goods and exchange orders, messages and complaints with
 * their sources, and registration records. Members themselves live in
 * 001-core's `members` table (owned by the core area); rows here refer to it
 * by id without a foreign key, because the seeders of each area run in a fixed
 * order and tests may build a throwaway members table.
 */
export const memberServicesMigration: Migration = {
  id: '030-member-services',
  sql: `
CREATE TABLE member_card_levels (
  id INTEGER PRIMARY KEY,
  level INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  threshold_points INTEGER NOT NULL,
  discount TEXT NOT NULL,
  summary TEXT NOT NULL,
  color TEXT NOT NULL
);

CREATE TABLE member_rights (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  icon TEXT NOT NULL,
  summary TEXT NOT NULL,
  content TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

-- What one right gives at one card level ('' = not available at that level).
CREATE TABLE member_right_levels (
  right_id INTEGER NOT NULL REFERENCES member_rights(id),
  level INTEGER NOT NULL,
  benefit TEXT NOT NULL,
  PRIMARY KEY (right_id, level)
);

CREATE TABLE agreements (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  content TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

CREATE TABLE points_goods (
  id INTEGER PRIMARY KEY,
  sn TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  points INTEGER NOT NULL CHECK (points > 0),
  market_price REAL NOT NULL,
  stock INTEGER NOT NULL CHECK (stock >= 0),
  exchanged INTEGER NOT NULL DEFAULT 0,
  image TEXT NOT NULL,
  summary TEXT NOT NULL,
  description TEXT NOT NULL,
  on_sale INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);
CREATE INDEX points_goods_sale_points ON points_goods (on_sale, points, id);
CREATE INDEX points_goods_sale_exchanged ON points_goods (on_sale, exchanged, id);
CREATE INDEX points_goods_sale_created ON points_goods (on_sale, created_at, id);

-- One exchange; (member_id, idempotency_key) makes a repeated submit the same order.
CREATE TABLE points_orders (
  id INTEGER PRIMARY KEY,
  order_no TEXT NOT NULL UNIQUE,
  member_id INTEGER NOT NULL,
  vip_code TEXT NOT NULL,
  goods_id INTEGER NOT NULL REFERENCES points_goods(id),
  goods_sn TEXT NOT NULL,
  goods_name TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  points INTEGER NOT NULL CHECK (points > 0),
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  idempotency_key TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX points_orders_member ON points_orders (member_id, id);

CREATE TABLE message_sources (
  id INTEGER PRIMARY KEY,
  kind INTEGER NOT NULL,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

-- kind: 1 = message (留言), 2 = complaint (投诉建议).
CREATE TABLE member_messages (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL,
  vip_code TEXT NOT NULL,
  kind INTEGER NOT NULL CHECK (kind IN (1, 2)),
  source_id INTEGER NOT NULL REFERENCES message_sources(id),
  title TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  contact_phone TEXT NOT NULL DEFAULT '',
  reply TEXT NOT NULL DEFAULT '',
  reply_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX member_messages_member_kind ON member_messages (member_id, kind, id);

-- status: 0 待就诊, 1 已就诊, 2 已取消, 3 已爽约.
CREATE TABLE registrations (
  id INTEGER PRIMARY KEY,
  register_no TEXT NOT NULL UNIQUE,
  member_id INTEGER NOT NULL,
  vip_code TEXT NOT NULL,
  patient_name TEXT NOT NULL,
  visit_date TEXT NOT NULL,
  time_slot TEXT NOT NULL,
  hospital_code TEXT NOT NULL,
  hospital_name TEXT NOT NULL,
  department TEXT NOT NULL,
  doctor_code TEXT NOT NULL,
  doctor_name TEXT NOT NULL,
  doctor_title TEXT NOT NULL,
  fee REAL NOT NULL,
  status INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX registrations_member_date ON registrations (member_id, visit_date, id);
`,
};
