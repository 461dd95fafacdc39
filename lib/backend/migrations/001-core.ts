import type { Migration } from '../types';

/**
 * Tables: members, cards, tokens, SMS outbox, WeChat codes, login attempts (auth, docs/api.md).
 * `members` is relied on by the points exchange (030-member-services): points never go below 0.
 */
export const coreMigration: Migration = {
  id: '001-core',
  sql: `
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  vip_code TEXT UNIQUE,
  card_no TEXT,
  level INTEGER NOT NULL DEFAULT 1,
  level_name TEXT NOT NULL DEFAULT '普卡会员',
  points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
  id_card TEXT,
  birthday TEXT,
  sex INTEGER,
  password_hash TEXT,
  status TEXT NOT NULL DEFAULT 'active',
  created_at TEXT NOT NULL DEFAULT (datetime('now')),
  email TEXT,
  address TEXT,
  updated_at TEXT
);

-- Offline member cards a phone owns (SPEC §4 phone check ReturnCode 3 lists them).
-- An activated card is bound to an online member (member_id) and becomes its vip_code.
CREATE TABLE member_cards (
  id INTEGER PRIMARY KEY,
  card_no TEXT NOT NULL UNIQUE,
  phone TEXT NOT NULL,
  holder_name TEXT NOT NULL,
  level INTEGER NOT NULL DEFAULT 1,
  level_name TEXT NOT NULL DEFAULT '普卡会员',
  points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
  org_name TEXT NOT NULL DEFAULT '',
  issued_at TEXT NOT NULL,
  member_id INTEGER REFERENCES members(id),
  activated_at TEXT
);
CREATE INDEX member_cards_phone ON member_cards(phone);

-- Refresh tokens: stored hashed, rotated on every use; a replayed rotated token revokes its family.
CREATE TABLE refresh_tokens (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  family_id TEXT NOT NULL,
  subject TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('member', 'visitor')),
  member_id INTEGER REFERENCES members(id),
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  rotated_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id, issued_at);

CREATE TABLE sms_outbox (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  code TEXT NOT NULL,
  purpose TEXT NOT NULL,
  ip TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  used_at INTEGER
);
CREATE INDEX sms_outbox_phone ON sms_outbox(phone, created_at);
CREATE INDEX sms_outbox_ip ON sms_outbox(ip, created_at);

-- Numeric image codes (RndVcodeNum) asked before an SMS send.
CREATE TABLE image_codes (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- WeChat openids bound to members, and the single-use codes of the dev authorize step.
CREATE TABLE wechat_bindings (
  openid TEXT PRIMARY KEY,
  member_id INTEGER REFERENCES members(id)
);
CREATE TABLE wechat_codes (
  code TEXT PRIMARY KEY,
  openid TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE TABLE login_attempts (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  ip TEXT NOT NULL,
  ok INTEGER NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX login_attempts_phone ON login_attempts(phone, at);
`,
};
