import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MyAsksList } from '@/components/online/my-asks-list';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { routes } from '@/lib/routes';
import { parsePage, type SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';

export const metadata: Metadata = pageMetadata({ title: '我的问诊', path: routes.asks(), noindex: true });

/**
 * 我的问诊 (login-required): the member's questions, newest first, with their states. One shell for every member,
 * kept by the page cache (lib/routes.ts MEMBER_SHELL_PATHS; a malformed page is a 404 here), the questions read by
 * the browser (components/online/my-asks-list.tsx).
 */
export default async function MyAsksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = parsePage((await searchParams).page, 999_999);
  if (page === null) notFound();
  return (
    <>
      <PageHeader title="我的问诊" subtitle="您向医生提出的图文问诊" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '我的问诊', path: routes.asks() },
          ]}
        />
        <MyAsksList page={page} />
      </div>
    </>
  );
}
