/**
 * GET /session/points-log?page=: the member's part of /dRecord/points (a kept shell, app/session/_lib/member-read.ts):
 * one page of their 积分明细 (docs/api.md "PointsMall/GetPointsLog"). A malformed page: 400.
 */
import { getPointsLog } from '@/lib/api/points-log';
import { answerMemberRead, badMemberQuery, memberListPage } from '../_lib/member-read';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const page = memberListPage(request);
  if (page === null) return badMemberQuery('页码不正确');
  return answerMemberRead((client) => getPointsLog(client, { page }));
}
