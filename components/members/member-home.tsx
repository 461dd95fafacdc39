'use client';
/**
 * /userIndex's member part (a kept shell, components/ui/use-member-read.tsx): the member's card and favourites
 * from GET /session/member-home, read after hydration.
 */
import type { ReactNode } from 'react';
import { queryKeys } from '@/components/ui/query-keys';
import { sessionMemberHomePath } from '@/lib/internal-paths';
import { FavouriteLists } from './favourite-lists';
import { MemberProfileCard } from './member-profile-card';
import type { MemberHomeView } from './member-home-view';
import { MemberReadWaiting, useMemberRead } from '@/components/ui/use-member-read';

/** `children`: the shell's part between the card and the favourites (the shortcuts), shown from the first HTML. */
export function MemberHome({ path, children }: { path: string; children: ReactNode }) {
  const { data, failed, retry } = useMemberRead<MemberHomeView>(queryKeys.memberHome, sessionMemberHomePath(), path);
  if (data) {
    return (
      <>
        <MemberProfileCard profile={data.member} />
        {children}
        <FavouriteLists clinics={data.clinics} doctors={data.doctors} />
      </>
    );
  }
  return (
    <>
      <MemberReadWaiting failed={failed} retry={retry} className="h-[11.5rem]" />
      {children}
    </>
  );
}
