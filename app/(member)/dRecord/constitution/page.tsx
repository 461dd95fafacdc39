import type { Metadata } from 'next';
import { ConstitutionArchiveView } from '@/components/constitution/archive-view';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getConstitutionArchive } from '@/lib/api/constitution';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';

export const metadata: Metadata = pageMetadata({ title: '体质档案', path: routes.constitutionArchive(), noindex: true });

/**
 * 体质档案 (login-required, under /dRecord like the records; docs/constitution.md): the member's kept 中医体质辨识
 * results and what changed since the last one. Kept from 银卡 up (lib/constitution/archive-rule.ts); a record
 * stays readable whatever the level later.
 */
export default async function ConstitutionArchivePage() {
  await requireMember(routes.constitutionArchive());
  const archive = await getConstitutionArchive(await memberClient());
  return (
    <>
      <PageHeader title="体质档案" subtitle="历次中医体质辨识结果与变化" />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '体质档案', path: routes.constitutionArchive() },
          ]}
        />
        <ConstitutionArchiveView
          records={archive.records}
          total={archive.total}
          canKeep={archive.canKeep}
          links={{ questionnaire: routes.constitution(), memberServices: routes.memberServices() }}
        />
      </div>
    </>
  );
}
