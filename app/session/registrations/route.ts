/**
 * GET /session/registrations?page=&status=: the member's part of /dRecord/registration (a kept shell,
 * app/session/_lib/member-read.ts): one page of their appointment records, filtered as the page's URL says
 * (lib/api/registrations.ts parseRegistrationListQuery, the page's own rule). A malformed query: 400.
 */
import { parseRegistrationListQuery } from '@/components/members/registration-list-query';
import { getRegistrations } from '@/lib/api/registrations';
import { queryOf } from '@/lib/validation/parse-input';
import { answerMemberRead, badMemberQuery } from '../_lib/member-read';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  const query = parseRegistrationListQuery(queryOf(new URL(request.url).searchParams));
  if (!query) return badMemberQuery('页码或状态不正确');
  return answerMemberRead((client) => getRegistrations(client, { page: query.page, status: query.status || undefined }));
}
