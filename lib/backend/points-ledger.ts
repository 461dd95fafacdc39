/**
 * The member's 积分明细 (docs/api.md "PointsMall/GetPointsLog"): every credit and debit of points, signed, with
 * the balance after it. A booking's payment credits the points lib/fees.ts gives its card level; its refund
 * takes back what that payment credited. (register_no, kind) is unique (migration 130), and each call runs
 * inside the caller's transaction, so a credit happens once whatever retries or races around it.
 */
import type { Database } from './types';

export type LedgerKind = 'registration' | 'refund' | 'exchange';

export interface LedgerRow {
  id: number;
  kind: LedgerKind;
  points: number;
  balance_after: number;
  register_no: string | null;
  note: string;
  created_at: string;
}

/**
 * Adds `points` (negative: takes away; the balance never goes below 0) and writes the ledger row. Answers the
 * points actually moved, or null when this (registerNo, kind) was already written (nothing changes then).
 * Call it inside a transaction.
 */
export function movePoints(
  db: Database,
  entry: { memberId: number; kind: LedgerKind; points: number; registerNo: string | null; note: string; at: string },
): number | null {
  if (entry.registerNo) {
    const done = db.prepare('SELECT 1 FROM points_ledger WHERE register_no = ? AND kind = ?').get(entry.registerNo, entry.kind);
    if (done) return null;
  }
  const account = db.prepare('SELECT points FROM members WHERE id = ?').get(entry.memberId) as { points: number } | undefined;
  if (!account) return null;
  const moved = Math.max(entry.points, -account.points);
  const balance = account.points + moved;
  db.prepare('UPDATE members SET points = ? WHERE id = ?').run(balance, entry.memberId);
  db.prepare(
    `INSERT INTO points_ledger (member_id, kind, points, balance_after, register_no, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(entry.memberId, entry.kind, moved, balance, entry.registerNo, entry.note, entry.at);
  return moved;
}

export function ledgerPage(db: Database, memberId: number, page: { pageSize: number; offset: number }) {
  const total = (db.prepare('SELECT COUNT(*) AS n FROM points_ledger WHERE member_id = ?').get(memberId) as { n: number }).n;
  const rows = db
    .prepare('SELECT * FROM points_ledger WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?')
    .all(memberId, page.pageSize, page.offset) as LedgerRow[];
  return { total, rows };
}
