/**
 * Migration 140 on a database that has data: every 就诊人 keeps its row and id, ids are never given again
 * after a delete (AUTOINCREMENT), and 15-digit ID cards already stored become their 18-digit form, the form
 * every comparison reads (lib/validation idCard18).
 */
import Database from '@/lib/backend/sqlite';
import { describe, expect, it } from 'vitest';
import { idCard18 } from '@/lib/validation';
import { migrations } from './index';

describe('140-patient-ids', () => {
  it('keeps the rows and ids, normalises stored 15-digit cards, and never reuses an id', () => {
    const db = new Database(':memory:');
    const at = migrations.findIndex((m) => m.id === '140-patient-ids');
    expect(at).toBeGreaterThan(0);
    for (const m of migrations.slice(0, at)) db.exec(m.sql);
    const insert = db.prepare(
      `INSERT INTO patients (id, member_id, name, relation, id_card, phone, created_at, updated_at) VALUES (?, 1, ?, '父母', ?, '13900000001', 'x', 'x')`,
    );
    insert.run(3, '张秀兰', '530102800515123');
    insert.run(7, '李想', '11010519491231002X');
    db.prepare(`INSERT INTO members (id, phone, vip_code, name, id_card) VALUES (1, '13800000001', 'V1', '王雅琴', '110105491231002')`).run();
    db.prepare(
      `INSERT INTO registrations (register_no, member_id, vip_code, patient_name, visit_date, time_slot, hospital_code, hospital_name, department,
         doctor_code, doctor_name, doctor_title, fee, status, created_at, patient_id_card)
       VALUES ('R2026X', 1, 'V1', '张秀兰', '2026-11-25', '上午', 'H', 'H', '中医内科', 'D1', '医生', '主任', 30, 1, 'x', '530102800515123')`,
    ).run();

    db.exec(migrations[at]!.sql);

    const rows = db.prepare('SELECT id, name, id_card FROM patients ORDER BY id').all();
    expect(rows).toEqual([
      { id: 3, name: '张秀兰', id_card: idCard18('530102800515123') },
      { id: 7, name: '李想', id_card: '11010519491231002X' },
    ]);
    expect(db.prepare('SELECT id_card FROM members WHERE id = 1').get()).toEqual({ id_card: '11010519491231002X' });
    expect(db.prepare(`SELECT patient_id_card FROM registrations WHERE register_no = 'R2026X'`).get()).toEqual({ patient_id_card: idCard18('530102800515123') });

    // Delete the newest and add one: the deleted id is not given again.
    db.prepare('DELETE FROM patients WHERE id = 7').run();
    const id = Number(insert.run(null, '新人', '110105198001011234').lastInsertRowid);
    expect(id).toBe(8);
  });
});
