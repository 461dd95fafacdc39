/**
 * GET /session/asks?page=: the member's part of /dRecord/consultation (a kept shell, app/session/_lib/member-read.ts):
 * one page of their 图文问诊 questions with their states. A malformed page: 400.
 */
import { getMyAsks } from '@/lib/api/ask';
import { answerMemberRead, badMemberQuery, memberListPage } from '../_lib/member-read';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const page = memberListPage(request);
  if (page === null) return badMemberQuery('页码不正确');
  return answerMemberRead((client) => getMyAsks(client, page));
}
