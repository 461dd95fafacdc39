import type { Metadata } from 'next';
import { PatientsPart } from '@/components/booking/patients-part';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

export const metadata: Metadata = pageMetadata({ title: '就诊人管理', path: routes.patients(), noindex: true });

/**
 * 就诊人 (login-required, under /dRecord like the records): the people the member books for, each with a real name
 * and ID card (real-name registration; docs/api.md "HIS_Register patients"). One shell for every member, kept by the
 * page cache (lib/routes.ts MEMBER_SHELL_PATHS); the list, its limit and `next` (where the member came from, a
 * booking page, and goes back to after adding one) are the browser's (components/booking/patients-part.tsx).
 */
export default function PatientsPage() {
  return (
    <>
      <PageHeader title="就诊人管理" subtitle="挂号实行实名制：为家人预约前，请先添加就诊人" />
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '就诊人管理', path: routes.patients() },
          ]}
        />
        <PatientsPart />
      </div>
    </>
  );
}
