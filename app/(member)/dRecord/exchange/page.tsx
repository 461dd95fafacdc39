import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ExchangeRecordsList } from '@/components/points/exchange-records-list';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { parsePage, type SearchParams } from '@/lib/url-params';

export const metadata: Metadata = pageMetadata({ title: '兑换记录', path: routes.exchangeRecords(), noindex: true });

/**
 * Login-required: what the member exchanged in the points mall, paged in the URL. One shell for every member, kept
 * by the page cache (lib/routes.ts MEMBER_SHELL_PATHS; a malformed page is a 404 here), the orders read by the
 * browser (components/points/exchange-records-list.tsx).
 */
export default async function ExchangeRecordsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = parsePage((await searchParams).page, 999_999);
  if (page === null) notFound();
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
        <ExchangeRecordsList page={page} />
      </div>
    </>
  );
}
