'use client';
/**
 * The island side of a kept member shell (docs/decisions.md "Member pages: a kept shell, the member's part read by
 * the browser"): one React Query read of the shell's route, read again on every visit (what was read before shows
 * meanwhile), and the two states every such island shows alike.
 * - `signedOut`: the 请先登录 flow with the page to continue to, as a page rendered for the member did.
 * - The API unreachable (after the QueryProvider's one more try): 网络异常… and 重新加载.
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@/lib/api/types';
import { useEffect, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { readRoute } from '@/components/ui/read-route';
import { loginRequiredPath } from '@/lib/internal-paths';
import { messages } from '@/lib/messages';
import type { MemberRead } from './member-read';

export function useMemberRead<T>(queryKey: QueryKey, path: string, pagePath: string) {
  const query = useQuery({ queryKey, queryFn: () => readRoute<MemberRead<T>>(path), staleTime: 0 });
  const signedOut = query.data?.signedOut === true;
  useEffect(() => {
    if (signedOut) window.location.replace(loginRequiredPath(pagePath));
  }, [signedOut, pagePath]);
  return {
    data: query.data && !query.data.signedOut ? query.data.data : undefined,
    failed: query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}

/** What shows while the read is under way: a box of the part's height (nothing moves when it answers), marked busy. */
export function MemberReadPending({ className }: { className: string }) {
  return (
    <div aria-busy="true" className={`rounded-2xl border border-stone-200 bg-white ${className}`}>
      <p className="sr-only" role="status">
        正在读取您的信息…
      </p>
    </div>
  );
}

/** The read failed: the message and a way to try again. */
export function MemberReadFailed({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-stone-200 bg-white px-8 py-10 text-center">
      <p className="text-stone-800">{messages.networkError}</p>
      <button type="button" onClick={retry} className="mt-4 rounded-lg bg-brand-700 px-5 py-2 text-white hover:bg-brand-800">
        重新加载
      </button>
    </div>
  );
}

/** What a part shows until its read answers: the failure with 重新加载, else the placeholder of the part's height. */
export function MemberReadWaiting({ failed, retry, className }: { failed: boolean; retry: () => void; className: string }) {
  return failed ? <MemberReadFailed retry={retry} /> : <MemberReadPending className={className} />;
}

/**
 * A page of a list past its end (a link kept from before some records went): the way back to the first page. A
 * page rendered for the member answered this with 404; a kept shell cannot know the member's count.
 */
function MemberListPastTheEnd({ firstPage }: { firstPage: string }) {
  return <EmptyState title="这一页没有记录" action={{ label: '回到第一页', href: firstPage }} />;
}

/**
 * One page of a paged member list read by its island: the read's states, the list's empty state, a page past the
 * end, else `children` with the page's items and the list's pagination under them.
 */
export function MemberListPage<T>({
  page,
  queryKey,
  path,
  hrefFor,
  empty,
  children,
}: {
  page: number;
  queryKey: QueryKey;
  /** The read route of this page of the list. */
  path: string;
  /** The shell's address of a page of the list (its other parameters kept). */
  hrefFor: (page: number) => string;
  /** What the first page shows when the member has none. */
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { data, failed, retry } = useMemberRead<Page<T>>(queryKey, path, hrefFor(page));
  if (!data) return <MemberReadWaiting failed={failed} retry={retry} className="h-64" />;
  if (data.items.length === 0) return page > 1 ? <MemberListPastTheEnd firstPage={hrefFor(1)} /> : empty;
  return (
    <>
      {children(data.items)}
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={hrefFor} />
    </>
  );
}
