/**
 * SYS_Agreement (SPEC §7): GetList lists the rules and agreements (register
 * agreement, privacy policy, points rules, service rules); GetSigin returns one
 * by ID or Code, the registration agreement when neither is given (it is what
 * the register dialog shows).
 */
import { optionalInt, optionalString } from '../fields';
import { BackendError, ErrorNo, type EndpointMap } from '../types';
import type { WireAgreement } from '@/lib/contract';

interface AgreementRow {
  id: number;
  code: string;
  title: string;
  summary: string;
  content: string;
  updated_at: string;
}

const wire = (r: AgreementRow): WireAgreement => ({
  AgreementID: r.id,
  Code: r.code,
  Title: r.title,
  Summary: r.summary,
  UpdateTime: r.updated_at,
});

export const agreementEndpoints = {
  'SYS_Agreement/GetList': {
    access: 'public',
    handle({ db }) {
      const rows = db.prepare(`SELECT * FROM agreements ORDER BY sort, id`).all() as AgreementRow[];
      return { DataList: rows.map(wire), TotalCount: rows.length };
    },
  },
  'SYS_Agreement/GetSigin': {
    access: 'public',
    handle({ db, fields }) {
      const id = optionalInt(fields, 'ID', '协议编号', { min: 1 });
      const code = optionalString(fields, 'Code', '协议代码', 32);
      const row = (
        id !== undefined
          ? db.prepare(`SELECT * FROM agreements WHERE id = ?`).get(id)
          : db.prepare(`SELECT * FROM agreements WHERE code = ?`).get(code || 'register')
      ) as AgreementRow | undefined;
      if (!row) throw new BackendError(ErrorNo.NOT_FOUND, '该协议不存在');
      return { ...wire(row), Content: row.content };
    },
  },
} satisfies EndpointMap;
