/** DD_DataBaseClient: reference data (SPEC §7): medical insurance and shifts. */
import type { EndpointMap } from '../types';
import { notFound, optionalCode } from './clinic-rows';

export const dataBaseEndpoints = {
  /** Insurance accepted: optional HospitalCode → DataList [{InsuranceID, InsuranceName, Remark}]. */
  'DD_DataBaseClient/GetMedicalInsurance': {
    access: 'public',
    handle: ({ db, fields }) => {
      const code = optionalCode(fields, 'HospitalCode', '门诊编码');
      if (code && !db.prepare('SELECT 1 FROM orgs WHERE code = ?').get(code)) notFound('门诊');
      const rows = (
        code
          ? db
              .prepare(
                `SELECT m.insurance_id, m.name, m.remark FROM medical_insurance m
                 JOIN org_insurance oi ON oi.insurance_id = m.insurance_id WHERE oi.org_code = ? ORDER BY m.insurance_id`,
              )
              .all(code)
          : db.prepare('SELECT insurance_id, name, remark FROM medical_insurance ORDER BY insurance_id').all()
      ) as { insurance_id: number; name: string; remark: string }[];
      return {
        DataList: rows.map((r) => ({ InsuranceID: r.insurance_id, InsuranceName: r.name, Remark: r.remark })),
        TotalCount: rows.length,
      };
    },
  },
  /** Shifts: DataList [{ShiftID, ShiftName, StartTime, EndTime}]. */
  'DD_DataBaseClient/GetDataBaseShift': {
    access: 'public',
    handle: ({ db }) => {
      const rows = db.prepare('SELECT shift_id, name, start_time, end_time FROM shifts ORDER BY shift_id').all() as {
        shift_id: number;
        name: string;
        start_time: string;
        end_time: string;
      }[];
      return {
        DataList: rows.map((r) => ({ ShiftID: r.shift_id, ShiftName: r.name, StartTime: r.start_time, EndTime: r.end_time })),
        TotalCount: rows.length,
      };
    },
  },
} satisfies EndpointMap;
