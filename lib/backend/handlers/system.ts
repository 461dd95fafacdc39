/**
 * System pages (SPEC §7 /api/TW_Class/ GetSystemMenu, GetSystemList,
 * GetLogList, GetLogListDetail): the group's rules (制度建设) by class, and
 * their revision log. GetSpeciaClass belongs to the clinics helper's
 * specialties module.
 */
import { optionalInt, paging, listResult } from '../fields';
import type { EndpointMap } from '../types';
import type { WireDoc, WireLog, WireSystemMenu } from '@/lib/contract';
import { notFound, requiredId, wholeList } from './content-helpers';

export const systemEndpoints = {
  'TW_Class/GetSystemMenu': {
    access: 'public',
    handle: ({ db }) =>
      wholeList(
        db
          .prepare(
            `SELECT c.ID, c.Name, c.Description, (SELECT COUNT(*) FROM system_docs d WHERE d.ClassID = c.ID) AS DocCount
             FROM system_classes c ORDER BY c.Sort, c.ID`,
          )
          .all() as WireSystemMenu[],
      ),
  },

  /** ClassID (optional), ID (optional: one document), PageIndex, PageSize. Rows carry their Content. */
  'TW_Class/GetSystemList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const params = {
        classId: optionalInt(fields, 'ClassID', '制度分类', { min: 1 }) ?? null,
        id: optionalInt(fields, 'ID', '制度编号', { min: 1 }) ?? null,
      };
      const page = paging(fields, { defaultSize: 20, maxSize: 100 });
      const clauses: string[] = [];
      if (params.classId !== null) clauses.push('d.ClassID = @classId');
      if (params.id !== null) clauses.push('d.ID = @id');
      const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM system_docs d ${where}`).get(params) as { n: number }).n;
      const rows = db
        .prepare(
          `SELECT d.ID, d.ClassID, c.Name AS ClassName, d.Title, d.DocNo, d.Content, d.PublishTime
           FROM system_docs d JOIN system_classes c ON c.ID = d.ClassID ${where}
           ORDER BY c.Sort, d.Sort, d.ID LIMIT @limit OFFSET @offset`,
        )
        .all({ ...params, limit: page.pageSize, offset: page.offset }) as WireDoc[];
      return listResult(rows, total, page);
    },
  },

  'TW_Class/GetLogList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const page = paging(fields, { defaultSize: 10, maxSize: 100 });
      const total = (db.prepare('SELECT COUNT(*) AS n FROM system_logs').get() as { n: number }).n;
      const rows = db
        .prepare(
          `SELECT l.ID, l.DocID, d.Title AS DocTitle, l.Title, l.Editor, l.PublishTime
           FROM system_logs l LEFT JOIN system_docs d ON d.ID = l.DocID
           ORDER BY l.PublishTime DESC, l.ID DESC LIMIT ? OFFSET ?`,
        )
        .all(page.pageSize, page.offset) as WireLog[];
      return listResult(rows, total, page);
    },
  },

  /** ID: the log entry. The entry itself, with its Content. */
  'TW_Class/GetLogListDetail': {
    access: 'public',
    handle: ({ db, fields }) => {
      const id = requiredId(fields, 'ID', '日志编号');
      const row = db
        .prepare(
          `SELECT l.ID, l.DocID, d.Title AS DocTitle, l.Title, l.Content, l.Editor, l.PublishTime
           FROM system_logs l LEFT JOIN system_docs d ON d.ID = l.DocID WHERE l.ID = ?`,
        )
        .get(id) as WireLog | undefined;
      if (!row) notFound('日志不存在');
      return row;
    },
  },
} satisfies EndpointMap;
