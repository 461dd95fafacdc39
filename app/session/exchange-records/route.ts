/**
 * GET /session/exchange-records?page=: the member's part of /dRecord/exchange (a kept shell,
 * app/session/_lib/member-read.ts): one page of what they exchanged in the points mall. A malformed page: 400.
 */
import { getExchangeOrders } from '@/lib/api/exchange-orders';
import { answerMemberRead, badMemberQuery, memberListPage } from '../_lib/member-read';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const page = memberListPage(request);
  if (page === null) return badMemberQuery('页码不正确');
  return answerMemberRead((client) => getExchangeOrders(client, { page }));
}
