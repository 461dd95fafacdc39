'use client';
/**
 * /dRecord/exchange's member part (a kept shell, components/ui/use-member-read.tsx): one page of what the member
 * exchanged in the points mall, from GET /session/exchange-records.
 */
import { EmptyState } from '@/components/ui/empty-state';
import { queryKeys } from '@/components/ui/query-keys';
import { MemberListPage } from '@/components/ui/use-member-read';
import type { ExchangeOrder } from '@/lib/api/exchange-orders';
import { sessionExchangeRecordsPath } from '@/lib/internal-paths';
import { routes } from '@/lib/routes';
import { ExchangeRecordsTable } from './exchange-records-table';

const hrefFor = (page: number) => routes.exchangeRecords({ page: page > 1 ? page : undefined });

export function ExchangeRecordsList({ page }: { page: number }) {
  return (
    <MemberListPage<ExchangeOrder>
      page={page}
      queryKey={queryKeys.exchangeRecordsPage(page)}
      path={sessionExchangeRecordsPath(page)}
      hrefFor={hrefFor}
      empty={<EmptyState title="暂无兑换记录" action={{ label: '去积分商城看看', href: routes.onlineMall() }} />}
    >
      {(orders) => <ExchangeRecordsTable orders={orders} />}
    </MemberListPage>
  );
}
