/**
 * GET /session/me: the header's member island asks this after hydration, so
 * public pages stay static (SPEC §4). Answers {member: {name, levelName,
 * vipCode}} or {member: null}; never a token. An expired access cookie is
 * refreshed here (a route handler may set cookies).
 */
import { getSession } from '@/lib/session';
import type { SessionMember } from '@/components/overlays/types';

export const dynamic = 'force-dynamic';

export async function GET() {
  const session = await getSession();
  const member: SessionMember | null = session
    ? { name: session.vipInfo.name, levelName: session.vipInfo.levelName, vipCode: session.vipInfo.vipCode }
    : null;
  return Response.json({ member }, { headers: { 'cache-control': 'private, no-store' } });
}
