/**
 * VIP_Member rights (SPEC §7 GetSysMemberRightsList, GetSysMemberRights): the
 * card levels (普卡/银卡/金卡/钻石卡) and what each right gives at each level.
 */
import { requiredInt } from '../fields';
import { BackendError, ErrorNo, type Database, type EndpointMap } from '../types';
import type { WireLevel, WireRight } from '@/lib/contract';

interface LevelRow {
  level: number;
  name: string;
  threshold_points: number;
  discount: string;
  summary: string;
  color: string;
}

interface RightRow {
  id: number;
  title: string;
  icon: string;
  summary: string;
  content: string;
}

function levels(db: Database): WireLevel[] {
  return (db.prepare(`SELECT * FROM member_card_levels ORDER BY level`).all() as LevelRow[]).map((l) => ({
    Level: l.level,
    LevelName: l.name,
    ThresholdPoints: l.threshold_points,
    Discount: l.discount,
    Summary: l.summary,
    Color: l.color,
  }));
}

function benefitsOf(db: Database, rightId: number): WireRight['Levels'] {
  return (
    db
      .prepare(
        `SELECT l.level, l.name, COALESCE(b.benefit, '') AS benefit FROM member_card_levels l
         LEFT JOIN member_right_levels b ON b.level = l.level AND b.right_id = ? ORDER BY l.level`,
      )
      .all(rightId) as { level: number; name: string; benefit: string }[]
  ).map((b) => ({ Level: b.level, LevelName: b.name, Benefit: b.benefit }));
}

function rightWire(db: Database, r: RightRow, withContent: boolean): WireRight {
  return {
    RightsID: r.id,
    Title: r.title,
    Icon: r.icon,
    Summary: r.summary,
    ...(withContent ? { Content: r.content } : {}),
    Levels: benefitsOf(db, r.id),
  };
}

export const memberRightsEndpoints = {
  'VIP_Member/GetSysMemberRightsList': {
    access: 'public',
    handle({ db }) {
      const rows = db.prepare(`SELECT * FROM member_rights ORDER BY sort, id`).all() as RightRow[];
      return { DataList: rows.map((r) => rightWire(db, r, true)), TotalCount: rows.length, CardLevels: levels(db) };
    },
  },
  'VIP_Member/GetSysMemberRights': {
    access: 'public',
    handle({ db, fields }) {
      const id = requiredInt(fields, 'ID', '权益编号', { min: 1 });
      const row = db.prepare(`SELECT * FROM member_rights WHERE id = ?`).get(id) as RightRow | undefined;
      if (!row) throw new BackendError(ErrorNo.NOT_FOUND, '该会员权益不存在');
      return { ...rightWire(db, row, true), CardLevels: levels(db) };
    },
  },
} satisfies EndpointMap;
