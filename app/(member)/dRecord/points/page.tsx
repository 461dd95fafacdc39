import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PointsLogRecords } from '@/components/points/points-log-records';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { parsePage, type SearchParams } from '@/lib/url-params';

export const metadata: Metadata = pageMetadata({ title: '积分明细', path: routes.pointsLog(), noindex: true });

/**
 * Login-required: the member's 积分明细 (docs/api.md "PointsMall/GetPointsLog"), what each paid booking earned
 * at their card level (lib/fees.ts), each refund took back and each exchange spent; paged in the URL. One shell for
 * every member, kept by the page cache (lib/routes.ts MEMBER_SHELL_PATHS; a malformed page is a 404 here), the
 * entries read by the browser (components/points/points-log-records.tsx).
 */
export default async function PointsLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = parsePage((await searchParams).page, 999_999);
  if (page === null) notFound();
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
        <PointsLogRecords page={page} />
      </div>
    </>
  );
}
