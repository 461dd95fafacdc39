import type { Metadata } from 'next';
import { MemberInfo } from '@/components/members/member-info';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

export const metadata: Metadata = pageMetadata({ title: '编辑资料', path: routes.modifyInfo(), noindex: true });

/**
 * SPEC §2 login-required: the member edits their own record (UpdateVipinformation). One shell for every member, kept
 * by the page cache (lib/routes.ts MEMBER_SHELL_PATHS); the form and the values it starts from are the browser's
 * (components/members/member-info.tsx). proxy.ts sends a visitor without a session to the 请先登录 flow first.
 */
export default function ModifyInfoPage() {
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
        <MemberInfo path={routes.modifyInfo()} loginHref={routes.loginDialog({ next: routes.modifyInfo() })} />
      </div>
    </>
  );
}
