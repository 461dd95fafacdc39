import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AskTable } from '@/components/online/ask-table';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getMyAsks } from '@/lib/api/ask';
import { routes } from '@/lib/routes';
import { parsePage, type SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';

export const metadata: Metadata = pageMetadata({ title: '我的问诊', path: routes.asks(), noindex: true });

const hrefFor = (page: number) => routes.asks({ page: page > 1 ? page : undefined });

/** 我的问诊 (login-required): the member's questions, newest first, with their states; never cached. */
export default async function MyAsksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const page = parsePage((await searchParams).page, 999_999);
  await requireMember(page && page > 1 ? hrefFor(page) : routes.asks());
  if (page === null) notFound();
  const data = await getMyAsks(await memberClient(), page);
  if (page > 1 && data.items.length === 0) notFound();
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
        {data.items.length === 0 ? (
          <EmptyState title="暂无问诊记录" action={{ label: '去找医生问诊', href: routes.onlineExpert() }} />
        ) : (
          <AskTable asks={data.items} />
        )}
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={hrefFor} />
      </div>
    </>
  );
}
