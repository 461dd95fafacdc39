import 'server-only';
/**
 * PointsMall/GetPointsLog (the site's extension of SPEC §7 Points, docs/api.md): the member's own 积分明细,
 * what each paid booking earned, each refund took back and each exchange spent (never cached).
 */
import type { AuthedClient, Page } from './types';

export interface PointsLogEntry {
  id: number;
  kindName: string;
  /** Signed: + earned, − taken back or spent. */
  points: number;
  balance: number;
  registerNo: string;
  note: string;
  createdAt: string;
}

export const POINTS_LOG_PAGE_SIZE = 10;

export async function getPointsLog(client: AuthedClient, query: { page?: number } = {}): Promise<Page<PointsLogEntry>> {
  const r = await client.post(
    'PointsMall/GetPointsLog',
    { PageIndex: query.page ?? 1, PageSize: POINTS_LOG_PAGE_SIZE },
  );
  return {
    items: r.DataList.map((x) => ({
      id: x.LogID,
      kindName: x.KindName,
      points: x.Points,
      balance: x.Balance,
      registerNo: x.RegisterNo,
      note: x.Note,
      createdAt: x.CreateTime,
    })),
    total: r.TotalCount,
    page: r.PageIndex,
    pageSize: r.PageSize,
  };
}
