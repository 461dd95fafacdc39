import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AgreementList } from '@/components/members/agreement-list';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getAgreement, getAgreements } from '@/lib/api/agreements';
import { formatDate } from '@/lib/format';
import { routes } from '@/lib/routes';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { SanitizedHtml } from '@/components/ui/sanitized-html';
import { parseId, type SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';

type Props = { searchParams: Promise<SearchParams> };

async function load(searchParams: Promise<SearchParams>) {
  const id = parseId((await searchParams).id) ?? null;
  return id === null ? null : getAgreement({ id });
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const agreement = await load(searchParams);
  if (!agreement) return { title: '页面不存在' };
  return pageMetadata({ title: agreement.title, description: agreement.summary, path: routes.serviceRulesDetail(agreement.id), type: 'article' });
}

export default async function ServiceRulesDetailPage({ searchParams }: Props) {
  const agreement = await load(searchParams);
  if (!agreement) notFound();
  const all = await getAgreements();
  return (
    <>
      <PageHeader title="服务条款" subtitle="会员协议与服务规则" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '服务条款', path: routes.serviceRules() },
            { name: agreement.title, path: routes.serviceRulesDetail(agreement.id) },
          ]}
        />
        <div className="grid grid-cols-[1fr_300px] gap-8">
          <article className="rounded-xl border border-stone-200 bg-white p-8">
            <h2 className="text-2xl font-bold text-stone-900">{agreement.title}</h2>
            <p className="mt-2 text-sm text-stone-600">更新于 {formatDate(agreement.updatedAt)}</p>
            <SanitizedHtml className="article-body mt-6 text-stone-800" html={sanitizeArticleHtml(agreement.contentHtml)} />
          </article>
          <aside aria-label="其他条款">
            <AgreementList agreements={all} currentId={agreement.id} />
          </aside>
        </div>
      </div>
    </>
  );
}
