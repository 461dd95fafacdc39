import type { Metadata } from 'next';
import { MemberHome } from '@/components/members/member-home';
import { MemberShortcuts } from '@/components/members/member-shortcuts';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

export const metadata: Metadata = pageMetadata({ title: '个人中心', path: routes.userIndex(), noindex: true });

/**
 * SPEC §2 login-required: one shell for every member, kept by the page cache (lib/routes.ts MEMBER_SHELL_PATHS);
 * the member's card and favourites are read by the browser (components/members/member-home.tsx). proxy.ts sends a
 * visitor without a session to the 请先登录 flow before any of it.
 */
export default function UserIndexPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '个人中心', path: routes.userIndex() },
        ]}
      />
      <h1 className="sr-only">个人中心</h1>
      <MemberHome path={routes.userIndex()}>
        <MemberShortcuts />
      </MemberHome>
    </div>
  );
}
