'use client';
/**
 * /dRecord/exchange's member part (a kept shell, components/ui/use-member-read.tsx): one page of what the
 * member exchanged in the points mall, from GET /session/exchange-records.
 */
import { MemberListPastTheEnd, MemberReadFailed, MemberReadPending, useMemberRead } from '@/components/ui/use-member-read';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { queryKeys } from '@/components/ui/query-keys';
import type { ExchangeOrder } from '@/lib/api/exchange-orders';
import type { Page } from '@/lib/api/types';
import { sessionExchangeRecordsPath } from '@/lib/internal-paths';
import { routes } from '@/lib/routes';
import { ExchangeRecordsTable } from './exchange-records-table';

const hrefFor = (page: number) => routes.exchangeRecords({ page: page > 1 ? page : undefined });

export function ExchangeRecordsList({ page }: { page: number }) {
  const { data, failed, retry } = useMemberRead<Page<ExchangeOrder>>(queryKeys.exchangeRecordsPage(page), sessionExchangeRecordsPath(page), hrefFor(page));
  if (!data) return failed ? <MemberReadFailed retry={retry} /> : <MemberReadPending className="h-64" />;
  if (data.items.length === 0) {
    return page > 1 ? <MemberListPastTheEnd firstPage={hrefFor(1)} /> : <EmptyState title="暂无兑换记录" action={{ label: '去积分商城看看', href: routes.onlineMall() }} />;
  }
  return (
    <>
      <ExchangeRecordsTable orders={data.items} />
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={hrefFor} />
    </>
  );
}
