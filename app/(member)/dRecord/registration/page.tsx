import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RegistrationTable } from '@/components/members/registration-table';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getRegistrations, isRegistrationStatus, REGISTRATION_FILTERS, type RegistrationStatus } from '@/lib/api/registrations';
import { routes } from '@/lib/routes';
import { parsePage, single, type SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';

export const metadata: Metadata = pageMetadata({ title: '挂号记录', path: routes.registrationRecords(), noindex: true });

const hrefFor = (page: number, status: RegistrationStatus | '') =>
  routes.registrationRecords({ status: status || undefined, page: page > 1 ? page : undefined });

const FILTER_OPTIONS = [{ value: '', label: '全部' }, ...REGISTRATION_FILTERS];

/** SPEC §2 login-required: the member's own records, filtered by status and paged in the URL, never cached. */
export default async function RegistrationRecordsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const page = parsePage(params.page, 999_999);
  const rawStatus = single(params.status, 20);
  const status: RegistrationStatus | '' | null =
    rawStatus === undefined || rawStatus === '' ? '' : rawStatus && isRegistrationStatus(rawStatus) ? rawStatus : null;
  await requireMember(page && page > 1 && status !== null ? hrefFor(page, status) : routes.registrationRecords());
  if (page === null || status === null) notFound();
  const data = await getRegistrations(await memberClient(), { page, status: status || undefined });
  if (page > 1 && data.items.length === 0) notFound();
  return (
    <>
      <PageHeader title="挂号记录" subtitle="您的预约挂号与就诊记录" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '挂号记录', path: routes.registrationRecords() },
          ]}
        />
        <FilterTabs label="状态" options={FILTER_OPTIONS} current={status} hrefFor={(v) => hrefFor(1, v as RegistrationStatus | '')} />
        {data.items.length === 0 ? (
          <EmptyState title="暂无挂号记录" action={{ label: '去找医生预约', href: routes.doctorList() }} />
        ) : (
          <RegistrationTable records={data.items} />
        )}
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={(p) => hrefFor(p, status)} />
      </div>
    </>
  );
}
