import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { SectionLayout, sectionSidebar } from '@/components/news/section-layout';
import { Pagination } from '@/components/ui/pagination';
import { getBanner } from '@/lib/api/news';
import { getSystemLogs } from '@/lib/api/system';
import { formatDate } from '@/lib/format';
import { parsePage, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

/** SPEC §2 /systemloglist: the rules' revision log (TW_Class GetLogList), paged by ?page=. */
type Props = { searchParams: Promise<SearchParams> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const page = parsePage((await searchParams).page);
  if (page === null) notFound();
  return pageMetadata({
    title: page > 1 ? `制度修订日志（第${page}页）` : '制度修订日志',
    description: '圣爱中医集团各项制度的发布与修订记录。',
    path: routes.systemLogList(page > 1 ? { page } : undefined),
  });
}

export default async function SystemLogListPage({ searchParams }: Props) {
  const page = parsePage((await searchParams).page);
  if (page === null) notFound();
  const [logs, banner] = await Promise.all([getSystemLogs({ page, pageSize: 10 }), getBanner('about')]);
  if (page > 1 && logs.items.length === 0) notFound();
  return (
    <SectionLayout
      title="制度修订日志"
      subtitle="制度的发布与修订记录"
      bannerImage={banner?.image}
      crumbs={[
        { name: '首页', path: routes.home() },
        { name: '关于我们', path: routes.aboutHospital() },
        { name: '制度建设', path: routes.systemDetail() },
        { name: '修订日志', path: routes.systemLogList() },
      ]}
      sidebar={sectionSidebar('关于我们')}
      currentHref={routes.systemDetail()}
    >
      <ol className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white shadow-sm">
        {logs.items.map((l) => (
          <li key={l.id} className="flex items-center justify-between gap-4 px-6 py-4">
            <div>
              <h2 className="font-medium text-stone-900">
                <Link href={routes.systemContent({ log: l.id })} className="hover:text-brand-700 hover:underline">
                  {l.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-stone-600">{l.editor}</p>
            </div>
            <time dateTime={formatDate(l.publishedAt)} className="shrink-0 text-sm text-stone-600">
              {formatDate(l.publishedAt)}
            </time>
          </li>
        ))}
      </ol>
      <Pagination page={logs.page} pageSize={logs.pageSize} total={logs.total} hrefFor={(p) => routes.systemLogList(p > 1 ? { page: p } : undefined)} />
    </SectionLayout>
  );
}
