import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ExchangeRecordsTable } from '@/components/points/exchange-records-table';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getExchangeOrders } from '@/lib/api/exchange-orders';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';
import { parsePage, type SearchParams } from '@/lib/url-params';

export const metadata: Metadata = pageMetadata({ title: '兑换记录', path: routes.exchangeRecords(), noindex: true });

const hrefFor = (page: number) => routes.exchangeRecords({ page: page > 1 ? page : undefined });

/** Login-required: what the member exchanged in the points mall, paged in the URL, never cached. */
export default async function ExchangeRecordsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = parsePage((await searchParams).page, 999_999);
  await requireMember(page && page > 1 ? hrefFor(page) : routes.exchangeRecords());
  if (page === null) notFound();
  const data = await getExchangeOrders(await memberClient(), { page });
  if (page > 1 && data.items.length === 0) notFound();
  return (
    <>
      <PageHeader title="兑换记录" subtitle="您在积分商城兑换的商品" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '兑换记录', path: routes.exchangeRecords() },
          ]}
        />
        {data.items.length === 0 ? (
          <EmptyState title="暂无兑换记录" action={{ label: '去积分商城看看', href: routes.onlineMall() }} />
        ) : (
          <ExchangeRecordsTable orders={data.items} />
        )}
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={hrefFor} />
      </div>
    </>
  );
}
