import type { Metadata } from 'next';
import { FavouriteLists } from '@/components/members/favourite-lists';
import { MemberProfileCard } from '@/components/members/member-profile-card';
import { MemberShortcuts } from '@/components/members/member-shortcuts';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { getFavouriteClinics, getFavouriteDoctors } from '@/lib/api/collections';
import { getMemberProfile } from '@/lib/api/members';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';

export const metadata: Metadata = pageMetadata({ title: '个人中心', path: routes.userIndex(), noindex: true });

/** SPEC §2 login-required: the member's own data, fetched per request and never cached. */
export default async function UserIndexPage() {
  await requireMember(routes.userIndex());
  const client = await memberClient();
  const [profile, clinics, doctors] = await Promise.all([
    getMemberProfile(client),
    getFavouriteClinics(client, 1, 20),
    getFavouriteDoctors(client, 1, 20),
  ]);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '个人中心', path: routes.userIndex() },
        ]}
      />
      <h1 className="sr-only">个人中心</h1>
      <MemberProfileCard profile={profile} />
      <MemberShortcuts />
      <FavouriteLists clinics={clinics.items} doctors={doctors.items} />
    </div>
  );
}
