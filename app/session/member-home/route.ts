/**
 * GET /session/member-home: the member's part of /userIndex (a kept shell, app/session/_lib/member-read.ts): the
 * profile card and the favourite clinics and doctors. Only the fields the page shows, the phone masked here
 * (components/members/member-home-view.ts); private, never stored, never a token.
 */
import type { MemberHomeView } from '@/components/members/member-home-view';
import { getFavouriteClinics, getFavouriteDoctors } from '@/lib/api/collections';
import { getMemberProfile } from '@/lib/api/members';
import { maskPhone } from '@/lib/format';
import { answerMemberRead } from '../_lib/member-read';

export const dynamic = 'force-dynamic';

/** As many favourites of each kind as the page lists. */
const FAVOURITES_SHOWN = 20;

export function GET() {
  return answerMemberRead<MemberHomeView>(async (client) => {
    const [profile, clinics, doctors] = await Promise.all([
      getMemberProfile(client),
      getFavouriteClinics(client, 1, FAVOURITES_SHOWN),
      getFavouriteDoctors(client, 1, FAVOURITES_SHOWN),
    ]);
    return {
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
    };
  });
}
