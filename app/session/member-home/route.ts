/**
 * GET /session/member-home: the member's part of /userIndex (its kept shell, docs/decisions.md "Member pages: a
 * kept shell, the member's part read by the browser"): the profile card and the favourite clinics and doctors.
 * {member: null} when there is no session (the island then goes to the 请先登录 flow, as the page did): no refresh
 * cookie, or a session the host refused while we read, whose cookies the token client has then cleared (SPEC §8).
 * 503 when the API cannot be reached (the island offers to try again), with the cookies left as they were. Private, never stored; never a token; only the fields
 * the page shows (components/members/member-home-view.ts).
 */
import type { MemberHomeView } from '@/components/members/member-home-view';
import { getFavouriteClinics, getFavouriteDoctors } from '@/lib/api/collections';
import { getMemberProfile } from '@/lib/api/members';
import { isSessionResetError } from '@/lib/api/token-client';
import { maskPhone } from '@/lib/format';
import { messages } from '@/lib/messages';
import { hasSessionCookie, memberClient } from '@/lib/session';

export const dynamic = 'force-dynamic';

/** As many favourites of each kind as the page lists. */
const FAVOURITES_SHOWN = 20;

const privateJson = (body: MemberHomeView | { error: string }, status = 200) =>
  Response.json(body, { status, headers: { 'cache-control': 'private, no-store' } });

export async function GET() {
  // Not getSession(): it answers null for a network fault too, which is no reason to send a member to 请先登录.
  // The calls themselves renew an expired access token (4002) and end a refused session (4001/4003/4004).
  if (!(await hasSessionCookie())) return privateJson({ member: null });
  try {
    const client = await memberClient();
    const [profile, clinics, doctors] = await Promise.all([
      getMemberProfile(client),
      getFavouriteClinics(client, 1, FAVOURITES_SHOWN),
      getFavouriteDoctors(client, 1, FAVOURITES_SHOWN),
    ]);
    return privateJson({
      member: {
        name: profile.name,
        phoneMasked: maskPhone(profile.phone),
        cardNo: profile.cardNo,
        levelName: profile.levelName,
        points: profile.points,
        memberSince: profile.memberSince,
      },
      clinics: clinics.items.map(({ code, name, address }) => ({ code, name, address })),
      doctors: doctors.items.map(({ appointmentCode, name, title, clinicName }) => ({ appointmentCode, name, title, clinicName })),
    });
  } catch (err) {
    // SPEC §8: the host ended the session while we read (its cookies are cleared already).
    if (isSessionResetError(err)) return privateJson({ member: null });
    return privateJson({ error: messages.networkError }, 503);
  }
}
