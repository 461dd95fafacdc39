import type { Metadata } from 'next';
import { MemberInfoForm } from '@/components/members/member-info-form';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getMemberProfile } from '@/lib/api/members';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';

export const metadata: Metadata = pageMetadata({ title: '编辑资料', path: routes.modifyInfo(), noindex: true });

/** SPEC §2 login-required: the member edits their own record (UpdateVipinformation). */
export default async function ModifyInfoPage() {
  await requireMember(routes.modifyInfo());
  const profile = await getMemberProfile(await memberClient());
  return (
    <>
      <PageHeader title="编辑资料" subtitle="完善资料，享受更贴心的诊疗服务" />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '编辑资料', path: routes.modifyInfo() },
          ]}
        />
        <MemberInfoForm profile={profile} loginHref={routes.loginDialog({ next: routes.modifyInfo() })} />
      </div>
    </>
  );
}
