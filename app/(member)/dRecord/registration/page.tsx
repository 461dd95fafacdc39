import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RegistrationRecords } from '@/components/members/registration-records';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { parseRegistrationListQuery } from '@/components/members/registration-list-query';
import { REGISTRATION_FILTERS, type RegistrationStatus } from '@/lib/api/registrations';
import { routes } from '@/lib/routes';
import type { SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';

export const metadata: Metadata = pageMetadata({ title: '挂号记录', path: routes.registrationRecords(), noindex: true });

const FILTER_OPTIONS = [{ value: '', label: '全部' }, ...REGISTRATION_FILTERS];

/**
 * SPEC §2 login-required: one shell for every member, kept by the page cache (lib/routes.ts MEMBER_SHELL_PATHS):
 * the filter and the page come from the URL (a malformed one is a 404 here), the member's records are read by
 * the browser (components/members/registration-records.tsx). proxy.ts sends a visitor without a session to the
 * 请先登录 flow before any of it.
 */
export default async function RegistrationRecordsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = parseRegistrationListQuery(await searchParams);
  if (!query) notFound();
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
        <FilterTabs
          label="状态"
          options={FILTER_OPTIONS}
          current={query.status}
          hrefFor={(v) => routes.registrationRecords({ status: (v as RegistrationStatus | '') || undefined })}
        />
        <RegistrationRecords page={query.page} status={query.status} />
      </div>
    </>
  );
}
