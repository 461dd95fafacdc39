'use client';
/**
 * /userIndex's member part (docs/decisions.md "Member pages: a kept shell, the member's part read by the
 * browser"): the page's HTML is one shell for every member, kept by the page cache, and this island reads the
 * member's card and favourites from GET /session/member-home after hydration.
 * - While it reads: a placeholder of the card's size (nothing moves when it answers), marked busy.
 * - No session any more: the 请先登录 flow with this page to continue to, as the server-rendered page did.
 * - The API cannot be reached: the message and 重新加载; the read is tried once more first (QueryProvider).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryKeys } from '@/components/ui/query-keys';
import { readRoute } from '@/components/ui/read-route';
import { loginRequiredPath, sessionMemberHomePath } from '@/lib/internal-paths';
import { messages } from '@/lib/messages';
import { FavouriteLists } from './favourite-lists';
import { MemberProfileCard } from './member-profile-card';
import type { MemberHomeView } from './member-home-view';

const readMemberHome = () => readRoute<MemberHomeView>(sessionMemberHomePath());

/** `children`: the shell's part between the card and the favourites (the shortcuts), shown from the first HTML. */
export function MemberHome({ path, children }: { path: string; children: ReactNode }) {
  // Read on every visit (a favourite removed elsewhere, points spent): what was read before shows meanwhile.
  const { data, isError, refetch, isFetching } = useQuery({ queryKey: queryKeys.memberHome, queryFn: readMemberHome, staleTime: 0 });
  const signedOut = data !== undefined && data.member === null;
  useEffect(() => {
    if (signedOut) window.location.replace(loginRequiredPath(path));
  }, [signedOut, path]);

  if (data?.member) {
    return (
      <>
        <MemberProfileCard profile={data.member} />
        {children}
        <FavouriteLists clinics={data.clinics} doctors={data.doctors} />
      </>
    );
  }
  if (isError && !isFetching) {
    return (
      <>
        <div role="alert" className="rounded-2xl border border-stone-200 bg-white px-8 py-10 text-center">
          <p className="text-stone-800">{messages.networkError}</p>
          <button type="button" onClick={() => void refetch()} className="mt-4 rounded-lg bg-brand-700 px-5 py-2 text-white hover:bg-brand-800">
            重新加载
          </button>
        </div>
        {children}
      </>
    );
  }
  return (
    <>
      <div aria-busy="true" className="h-[11.5rem] rounded-2xl border border-stone-200 bg-white">
        <p className="sr-only" role="status">
          正在读取您的会员信息…
        </p>
      </div>
      {children}
    </>
  );
}
