/**
 * GET /session/member-info: the member's part of /modifyInfor (a kept shell, app/session/_lib/member-read.ts): the
 * values the form starts from (components/members/member-info-view.ts). Private, never stored, never a token.
 */
import { memberInfoViewOf, type MemberInfoView } from '@/components/members/member-info-view';
import { getMemberProfile } from '@/lib/api/members';
import { answerMemberRead } from '../_lib/member-read';

export const dynamic = 'force-dynamic';

export function GET() {
  return answerMemberRead<MemberInfoView>(async (client) => memberInfoViewOf(await getMemberProfile(client)));
}
