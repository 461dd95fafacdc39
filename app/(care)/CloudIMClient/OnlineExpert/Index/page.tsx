import type { Metadata } from 'next';
import { OnlineDoctorCard } from '@/components/online/online-doctor-card';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getOnlineConsultants } from '@/lib/api/doctors';
import { getOnlineStatus } from '@/lib/api/online';
import { DOCTOR_SORTS, pickOption } from '@/lib/constants';
import { single, parsePage, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

export const metadata: Metadata = pageMetadata({
  title: '在线问诊',
  description: '圣爱中医名医在线图文问诊：查看医生是否在线、擅长与问诊费用，足不出户咨询中医。',
  path: routes.onlineExpert(),
});

/** Online consultation (SPEC §2): the doctors who consult online and whether each is online now. */
export default async function OnlineExpertPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const sort = pickOption(DOCTOR_SORTS, single(sp.sort));
  const page = parsePage(sp.page, 1000) ?? 1;
  const result = await getOnlineConsultants({ sort, page, pageSize: 12 });
  const status = await getOnlineStatus(result.items.map((d) => d.doctorId)).catch(() => []);
  const online = new Map(status.map((s) => [s.doctorId, s.online]));
  const href = (next: { sort?: string; page?: number }) =>
    routes.onlineExpert({ sort: (next.sort ?? sort) === 'default' ? undefined : (next.sort ?? sort), page: next.page && next.page > 1 ? next.page : undefined });
  return (
    <>
      <PageHeader title="在线问诊" subtitle="看诊服务 · 名医在线，图文问诊" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '在线问诊', path: routes.onlineExpert() }]} />
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-stone-200 bg-white p-5">
          <FilterTabs label="排序" options={DOCTOR_SORTS} current={sort} hrefFor={(v) => href({ sort: v })} />
          <p className="text-sm text-stone-600">
            当前 <span className="font-semibold text-jade-700">{status.filter((s) => s.online).length}</span> 位医生在线 · 在线状态每分钟自动刷新
          </p>
        </div>
        {result.items.length === 0 ? (
          <EmptyState title="暂无在线问诊医生" />
        ) : (
          <>
            {/* Headings in order (h1 → h2 → the cards' h3): the list's section heading is for assistive tech only. */}
            <h2 className="sr-only">在线医生列表</h2>
            <ul className="grid grid-cols-3 gap-5">
            {result.items.map((d) => (
              <li key={d.appointmentCode}>
                <OnlineDoctorCard doctor={d} online={online.get(d.doctorId) ?? false} />
              </li>
            ))}
            </ul>
          </>
        )}
        <Pagination page={result.page} pageSize={result.pageSize} total={result.total} hrefFor={(p) => href({ page: p })} />
      </div>
    </>
  );
}
