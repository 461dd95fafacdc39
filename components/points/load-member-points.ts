import 'server-only';
import { getMemberProfile } from '@/lib/api/members';
import { isSessionResetError } from '@/lib/api/token-client';
import { getSession, memberClient } from '@/lib/session';

/**
 * The member's points for the balance islands, or null for a visitor (or a
 * session the API reset). Member data: fetched per request, never cached.
 */
export async function loadMemberPoints(): Promise<number | null> {
  if (!(await getSession())) return null;
  try {
    return (await getMemberProfile(await memberClient())).points;
  } catch (err) {
    if (isSessionResetError(err)) return null;
    throw err;
  }
}
