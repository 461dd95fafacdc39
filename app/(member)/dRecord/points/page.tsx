import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PointsLogTable } from '@/components/points/points-log-table';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getPointsLog } from '@/lib/api/points-log';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';
import { parsePage, type SearchParams } from '@/lib/url-params';

export const metadata: Metadata = pageMetadata({ title: '积分明细', path: routes.pointsLog(), noindex: true });

const hrefFor = (page: number) => routes.pointsLog({ page: page > 1 ? page : undefined });

/**
 * Login-required: the member's 积分明细 (docs/api.md "PointsMall/GetPointsLog"), what each paid booking earned
 * at their card level (lib/fees.ts), each refund took back and each exchange spent; paged in the URL, never cached.
 */
export default async function PointsLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = parsePage((await searchParams).page, 999_999);
  await requireMember(page && page > 1 ? hrefFor(page) : routes.pointsLog());
  if (page === null) notFound();
  const data = await getPointsLog(await memberClient(), { page });
  if (page > 1 && data.items.length === 0) notFound();
  return (
    <>
      <PageHeader title="积分明细" subtitle="挂号支付所得积分、退号扣回与积分兑换" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '积分明细', path: routes.pointsLog() },
          ]}
        />
        {data.items.length === 0 ? (
          <EmptyState title="暂无积分明细" action={{ label: '去预约挂号', href: routes.doctorList() }} />
        ) : (
          <PointsLogTable entries={data.items} />
        )}
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={hrefFor} />
      </div>
    </>
  );
}
