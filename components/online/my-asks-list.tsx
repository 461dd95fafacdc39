'use client';
/**
 * /dRecord/consultation's member part (a kept shell, components/ui/use-member-read.tsx): one page of the member's
 * questions, newest first, from GET /session/asks.
 */
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { queryKeys } from '@/components/ui/query-keys';
import { MemberListPastTheEnd, MemberReadFailed, MemberReadPending, useMemberRead } from '@/components/ui/use-member-read';
import type { AskedQuestion } from '@/lib/api/ask';
import type { Page } from '@/lib/api/types';
import { sessionAsksPath } from '@/lib/internal-paths';
import { routes } from '@/lib/routes';
import { AskTable } from './ask-table';

const hrefFor = (page: number) => routes.asks({ page: page > 1 ? page : undefined });

export function MyAsksList({ page }: { page: number }) {
  const { data, failed, retry } = useMemberRead<Page<AskedQuestion>>(queryKeys.asksPage(page), sessionAsksPath(page), hrefFor(page));
  if (!data) return failed ? <MemberReadFailed retry={retry} /> : <MemberReadPending className="h-64" />;
  if (data.items.length === 0) {
    return page > 1 ? <MemberListPastTheEnd firstPage={hrefFor(1)} /> : <EmptyState title="暂无问诊记录" action={{ label: '去找医生问诊', href: routes.onlineExpert() }} />;
  }
  return (
    <>
      <AskTable asks={data.items} />
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={hrefFor} />
    </>
  );
}
