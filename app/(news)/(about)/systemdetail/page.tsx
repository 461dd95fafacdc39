import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { SectionLayout, sectionSidebar } from '@/components/news/section-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { getBanner } from '@/lib/api/news';
import { getSystemDocs, getSystemMenu } from '@/lib/api/system';
import { formatDate } from '@/lib/format';
import { parseId, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

/** SPEC §2 /systemdetail: the group's rules by class (TW_Class GetSystemMenu, GetSystemList), ?classId= in the URL. */
type Props = { searchParams: Promise<SearchParams> };

async function readClass(sp: SearchParams) {
  const classId = parseId(sp.classId);
  if (classId === null) notFound();
  const menu = await getSystemMenu();
  const current = classId === undefined ? menu[0] : menu.find((c) => c.id === classId);
  if (!current) notFound();
  return { menu, current, explicit: classId !== undefined };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { current, explicit } = await readClass(await searchParams);
  return pageMetadata({
    title: explicit ? `制度建设：${current.name}` : '制度建设',
    description: `圣爱中医集团制度建设：${current.name}（${current.description}）。`,
    path: routes.systemDetail(explicit ? { classId: current.id } : undefined),
  });
}

export default async function SystemDetailPage({ searchParams }: Props) {
  const { menu, current } = await readClass(await searchParams);
  const [docs, banner] = await Promise.all([getSystemDocs({ classId: current.id, pageSize: 100 }), getBanner('about')]);
  return (
    <SectionLayout
      title="制度建设"
      subtitle="依法执业 · 规范管理"
      bannerImage={banner?.image}
      crumbs={[
        { name: '首页', path: routes.home() },
        { name: '关于我们', path: routes.aboutHospital() },
        { name: '制度建设', path: routes.systemDetail() },
      ]}
      sidebar={sectionSidebar('关于我们')}
      currentHref={routes.systemDetail()}
    >
      <div className="flex items-center justify-between gap-4">
        <FilterTabs
          label="制度分类"
          options={menu.map((c) => ({ value: String(c.id), label: c.name }))}
          current={String(current.id)}
          hrefFor={(v) => routes.systemDetail({ classId: v })}
        />
        <Link href={routes.systemLogList()} className="shrink-0 text-sm text-brand-700 underline">
          制度修订日志
        </Link>
      </div>
      <section aria-labelledby="system-class" className="mt-6 rounded-xl border border-stone-200 bg-white shadow-sm">
        <header className="border-b border-stone-200 px-6 py-4">
          <h2 id="system-class" className="text-lg font-semibold text-stone-900">{current.name}</h2>
          <p className="mt-1 text-sm text-stone-600">{current.description}</p>
        </header>
        {docs.items.length === 0 ? (
          <EmptyState title="暂无制度文件" />
        ) : (
          <ul className="divide-y divide-stone-100">
            {docs.items.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-4 px-6 py-4">
                <Link href={routes.systemContent({ id: d.id })} className="font-medium text-stone-900 hover:text-brand-700 hover:underline">
                  {d.title}
                </Link>
                <span className="shrink-0 text-sm text-stone-600">
                  {d.docNo} · <time dateTime={formatDate(d.publishedAt)}>{formatDate(d.publishedAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </SectionLayout>
  );
}
