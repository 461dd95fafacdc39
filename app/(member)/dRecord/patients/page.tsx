import type { Metadata } from 'next';
import { PatientManager } from '@/components/booking/patient-manager';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getPatients } from '@/lib/api/patients';
import { routes, safeInternalPath } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';
import { single, type SearchParams } from '@/lib/url-params';

export const metadata: Metadata = pageMetadata({ title: '就诊人管理', path: routes.patients(), noindex: true });

/**
 * 就诊人 (login-required, under /dRecord like the records): the people the member books for, each with a
 * real name and ID card (real-name registration; docs/api.md "HIS_Register patients"). `next` is where the
 * member came from (a booking page) and goes back to after adding one; only a same-site path is kept.
 */
export default async function PatientsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const next = safeInternalPath(single((await searchParams).next, 300) ?? null);
  await requireMember(routes.patients({ next: next ?? undefined }));
  const list = await getPatients(await memberClient());
  return (
    <>
      <PageHeader title="就诊人管理" subtitle={`挂号实行实名制：为家人预约前，请先添加就诊人（最多${list.max}位，含本人）`} />
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '就诊人管理', path: routes.patients() },
          ]}
        />
        <PatientManager patients={list.patients} max={list.max} selfIdCardOnFile={list.selfIdCardOnFile} next={next} />
      </div>
    </>
  );
}
