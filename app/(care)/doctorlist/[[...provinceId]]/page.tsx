import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { FinderFilterPanel } from '@/components/doctors/finder-filter-panel';
import { filtersAreKnown, finderQuery, lastPage, parseFinderFilters, type FinderFilters } from '@/components/doctors/finder-filters';
import { ProvinceTabs } from '@/components/doctors/province-tabs';
import { RememberProvince } from '@/components/doctors/remember-province';
import { provinceListState } from '@/app/(care)/_lib/resolve-province';
import { ListSearchBox } from '@/components/doctors/search-box';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getDoctorFilterCounts } from '@/lib/api/doctor-filters';
import { getDoctorPage } from '@/lib/api/doctors';
import { DOCTOR_SORTS, pickOption } from '@/lib/constants';
import { single, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

interface Props {
  params: Promise<{ provinceId?: string[] }>;
  searchParams: Promise<SearchParams>;
}

const PAGE_SIZE = 12;

async function load({ params, searchParams }: Props) {
  const sp = await searchParams;
  const state = await provinceListState((await params).provinceId, sp);
  const filters = parseFinderFilters(sp);
  if (!state || !filters) return null;
  return { ...state, filters, sort: pickOption(DOCTOR_SORTS, single(sp.sort)) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const s = await load(props);
  if (!s) return { title: '页面不存在' };
  return pageMetadata({
    title: s.explicit ? `找医生 · ${s.province.name}` : '找医生',
    description: `圣爱中医${s.province.name}各门诊坐诊医生：按好评、服务人次、粉丝排序，查看医生擅长、出诊时间与患者评价，在线预约挂号。`,
    path: routes.doctorList(s.explicit ? s.province.id : undefined, { ...finderQuery({ ...s, keyword: '' }), page: s.page > 1 ? s.page : undefined }),
  });
}

/**
 * The doctor finder: province, keyword, SPEC §9 sorts, and the filters 科室, 职称, clinic, online now, each
 * with its count (components/doctors/finder-filters.ts); real pagination, a page past the end is a 404.
 */
export default async function DoctorListPage(props: Props) {
  const s = await load(props);
  if (!s) notFound();
  const { province, sort, page, keyword, filters } = s;
  const filterQuery = {
    provinceId: province.id,
    keyword,
    orgCode: filters.clinic || undefined,
    department: filters.department,
    title: filters.title,
    onlineOnly: filters.online,
  };
  const counts = await getDoctorFilterCounts(filterQuery);
  if (!filtersAreKnown(filters, counts)) notFound();
  const result = await getDoctorPage({ ...filterQuery, sort, page, pageSize: PAGE_SIZE });
  if (page > lastPage(result.total, PAGE_SIZE)) notFound();
  const query = (over: { sort?: string; page?: number; filters?: Partial<FinderFilters> }) =>
    finderQuery({ sort: over.sort ?? sort, keyword, filters: { ...filters, ...over.filters }, page: over.page });
  const filtered = Boolean(filters.department || filters.title || filters.clinic || filters.online);
  return (
    <>
      <PageHeader title="找医生" subtitle="看诊服务 · 名医坐诊，就近预约" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '找医生', path: routes.doctorList() }]} />
        {s.explicit ? <RememberProvince provinceId={province.id} /> : null}
        <div className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
          <ProvinceTabs provinces={s.provinces} current={province.id} hrefFor={(id) => routes.doctorList(id, query({ page: 1 }))} />
          <FilterTabs label="排序" options={DOCTOR_SORTS} current={sort} hrefFor={(v) => routes.doctorList(province.id, query({ sort: v, page: 1 }))} />
          <ListSearchBox
            action={routes.doctorList(province.id)}
            keyword={keyword}
            label="搜索医生"
            placeholder="医生姓名、科室或擅长病症"
            hidden={{
              sort: sort === 'default' ? undefined : sort,
              dept: filters.department || undefined,
              title: filters.title || undefined,
              clinic: filters.clinic || undefined,
              online: filters.online ? '1' : undefined,
            }}
          />
          <FinderFilterPanel counts={counts} filters={filters} hrefFor={(over) => routes.doctorList(province.id, query({ filters: over, page: 1 }))} />
        </div>
        <h2 className="text-lg font-semibold text-stone-800">
          {province.name}共有 <span className="text-brand-700" data-testid="doctor-total">{result.total}</span> 位医生
          {keyword ? `符合“${keyword}”` : ''}
          {filtered ? '符合所选条件' : ''}
        </h2>
        {result.items.length === 0 ? (
          <EmptyState title="没有找到符合条件的医生" hint="换个关键词、筛选条件或省份试试" action={{ label: filtered ? '清除筛选条件' : '查看全部医生', href: routes.doctorList(province.id, filtered ? { q: keyword || undefined } : undefined) }} />
        ) : (
          <ul className="grid grid-cols-2 gap-5">
            {result.items.map((d) => (
              <li key={d.appointmentCode}>
                <DoctorCard doctor={d} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={result.page} pageSize={result.pageSize} total={result.total} hrefFor={(p) => routes.doctorList(province.id, query({ page: p }))} />
      </div>
    </>
  );
}
