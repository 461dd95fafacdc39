import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RegistrationTable } from '@/components/members/registration-table';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getRegistrations } from '@/lib/api/registrations';
import { routes } from '@/lib/routes';
import { parsePage, type SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';

export const metadata: Metadata = pageMetadata({ title: '挂号记录', path: routes.registrationRecords(), noindex: true });

const hrefFor = (page: number) => routes.registrationRecords({ page: page > 1 ? page : undefined });

/** SPEC §2 login-required: the member's own records, paged in the URL, never cached. */
export default async function RegistrationRecordsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = parsePage((await searchParams).page, 999_999);
  await requireMember(page && page > 1 ? hrefFor(page) : routes.registrationRecords());
  if (page === null) notFound();
  const data = await getRegistrations(await memberClient(), { page });
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
        {data.items.length === 0 ? (
          <EmptyState title="暂无挂号记录" action={{ label: '去找医生预约', href: routes.doctorList() }} />
        ) : (
          <RegistrationTable records={data.items} />
        )}
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={hrefFor} />
      </div>
    </>
  );
}
