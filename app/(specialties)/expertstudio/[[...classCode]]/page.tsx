import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListSearchBox } from '@/components/doctors/search-box';
import { StudioCard } from '@/components/specialties/studio-card';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getStudioClasses, getStudioPage } from '@/lib/api/specialties';
import { parsePage, parseKeyword, optionalSegment, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

interface Props {
  params: Promise<{ classCode?: string[] }>;
  searchParams: Promise<SearchParams>;
}

async function load({ params, searchParams }: Props) {
  const segment = optionalSegment((await params).classCode);
  if (segment === null) return null;
  const classes = await getStudioClasses();
  const current = segment ? classes.find((c) => c.code === segment) : undefined;
  if (segment && !current) return null;
  const sp = await searchParams;
  return { classes, current, page: parsePage(sp.page, 1000) ?? 1, keyword: parseKeyword(sp.q, 200)?.slice(0, 50) ?? '' };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const s = await load(props);
  if (!s) return { title: '页面不存在' };
  return pageMetadata({
    title: s.current ? `名医工作室 · ${s.current.name}` : '名医工作室',
    description: '圣爱中医名医工作室：名老中医领衔，临床诊疗、经验传承与青年医师带教，查看工作成果与工作动态。',
    path: routes.expertStudio(s.current?.code, { page: s.page > 1 ? s.page : undefined }),
  });
}

/** Famous doctors and studios (SPEC §2: GetSpeciaClass, GetStudioList), by class. */
export default async function ExpertStudioPage(props: Props) {
  const s = await load(props);
  if (!s) notFound();
  const result = await getStudioPage({ classCode: s.current?.code, keyword: s.keyword, page: s.page, pageSize: 9 });
  return (
    <>
      <PageHeader title="名医工作室" subtitle="重点专科 · 名医领衔，传承精华" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '名医工作室', path: routes.expertStudio() }]} />
        <div className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
          <FilterTabs
            label="分类"
            options={[{ value: '', label: '全部' }, ...s.classes.map((c) => ({ value: c.code, label: c.name }))]}
            current={s.current?.code ?? ''}
            hrefFor={(v) => routes.expertStudio(v || undefined, { q: s.keyword || undefined })}
          />
          <ListSearchBox action={routes.expertStudio(s.current?.code)} keyword={s.keyword} label="搜索工作室" placeholder="工作室或医生姓名" />
        </div>
        {result.items.length === 0 ? (
          <EmptyState title="暂无名医工作室" action={{ label: '查看全部工作室', href: routes.expertStudio() }} />
        ) : (
          <>
            {/* Headings in order (h1 → h2 → the cards' h3): the list's section heading is for assistive tech only. */}
            <h2 className="sr-only">{s.current ? `${s.current.name} · 工作室列表` : '工作室列表'}</h2>
            <ul className="grid grid-cols-3 gap-5">
            {result.items.map((st) => (
              <li key={st.id}>
                <StudioCard studio={st} />
              </li>
            ))}
            </ul>
          </>
        )}
        <Pagination
          page={result.page}
          pageSize={result.pageSize}
          total={result.total}
          hrefFor={(p) => routes.expertStudio(s.current?.code, { q: s.keyword || undefined, page: p > 1 ? p : undefined })}
        />
      </div>
    </>
  );
}
