/**
 * docs/security.md "Nothing stored that should not be": what a write left in the
 * database, read through a separate read-only connection to the SQLite file
 * (never the backend's own). Used by the Vitest fuzz tests and e2e specs.
 */
import crypto from 'node:crypto';
import Database from '@/lib/backend/sqlite';
import type { Database as Db } from '@/lib/backend/types';

/** The tables a write endpoint of the embedded backend may change (lib/backend/handlers, `write: true`). */
export const WRITE_TABLES = [
  'members',
  'member_cards',
  'member_messages',
  'collections',
  'orgs',
  'doctors',
  'points_goods',
  'points_orders',
  'refresh_tokens',
  'sms_outbox',
  'image_codes',
  'login_attempts',
  'wechat_codes',
  'wechat_bindings',
  'hot_words',
  'hot_word_hits',
  'patients',
  'payments',
] as const;

export type WriteTable = (typeof WRITE_TABLES)[number];

export interface Snapshot {
  /** PRAGMA data_version of the reader: it moves whenever another connection commits. */
  version: number;
  /** Row count and a hash of every row, per table. */
  tables: Record<string, { rows: number; hash: string }>;
}

export function openReader(dbPath: string): Db {
  return new Database(dbPath, { readonly: true, fileMustExist: true });
}

export function tableNames(reader: Db): string[] {
  return reader.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
}

function tableState(reader: Db, table: string) {
  const hash = crypto.createHash('sha256');
  let rows = 0;
  for (const row of reader.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().iterate() as Iterable<unknown[]>) {
    hash.update(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));
    hash.update('\n');
    rows++;
  }
  return { rows, hash: hash.digest('hex') };
}

export function snapshot(reader: Db, tables: readonly string[] = WRITE_TABLES): Snapshot {
  const out: Snapshot = { version: Number(reader.pragma('data_version', { simple: true })), tables: {} };
  for (const t of tables) out.tables[t] = tableState(reader, t);
  return out;
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after.tables).filter((t) => {
    const a = before.tables[t];
    const b = after.tables[t];
    return !a || !b || a.hash !== b.hash;
  });
}

/**
 * Every text cell of the database that contains one of the markers: where a
 * hostile value would be if it had been stored. Returns "table.column" hits.
 */
export function findMarkers(reader: Db, markers: readonly string[]): string[] {
  const hits: string[] = [];
  for (const table of tableNames(reader)) {
    const columns = (reader.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);
    for (const column of columns) {
      for (const marker of markers) {
        const n = reader
          .prepare(`SELECT COUNT(*) FROM "${table}" WHERE typeof("${column}") = 'text' AND instr("${column}", ?) > 0`)
          .pluck()
          .get(marker) as number;
        if (n > 0) hits.push(`${table}.${column} ∋ ${JSON.stringify(marker.slice(0, 20))}`);
      }
    }
  }
  return hits;
}
