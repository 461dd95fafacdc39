import { finderMatchText as matchText } from '@/components/doctors/finder-match-text';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { FinderFilterPanel } from '@/components/doctors/finder-filter-panel';
import { droppedNotices, finderQuery, parseFinderFilters, settleFilters, type FinderFilters } from '@/components/doctors/finder-filters';
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
import { lastPage, single, type SearchParams } from '@/lib/url-params';
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
  const parsed = parseFinderFilters(sp);
  if (!state || !parsed) return null;
  // The province's options with nothing chosen (a key that names no visitor input) are read first: a chosen
  // value is checked against them before anything is read with it (docs/security.md "Disk growth").
  const lists = await getDoctorFilterCounts({ provinceId: state.province.id });
  const settled = settleFilters(parsed, lists);
  return { ...state, ...settled, staleDate: settled.dropped.date === 'stale' ? parsed.date : '', sort: pickOption(DOCTOR_SORTS, single(sp.sort)) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const s = await load(props);
  if (!s) return { title: '页面不存在' };
  return pageMetadata({
    title: s.explicit ? `找医生 · ${s.province.name}` : '找医生',
    description: `圣爱中医${s.province.name}各门诊坐诊医生：按好评、服务人次、粉丝排序，查看医生擅长、出诊时间与患者评价，在线预约挂号。`,
    // A dated list changes every day: its canonical is the list of every date.
    path: routes.doctorList(s.explicit ? s.province.id : undefined, {
      ...finderQuery({ ...s, keyword: '', filters: { ...s.filters, date: '' } }),
      page: s.page > 1 ? s.page : undefined,
    }),
  });
}

/** 2026-11-28 (a China date) → 11月28日. */
const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/**
 * The doctor finder: province, keyword, SPEC §9 sorts, and the filters 科室, 职称, clinic, online now and a
 * date with an open number, each with its count (components/doctors/finder-filters.ts); real pagination, a
 * page past the end is a 404. A date outside the 14 days shows every date, and says so.
 */
export default async function DoctorListPage(props: Props) {
  const s = await load(props);
  if (!s) notFound();
  const { province, sort, page, keyword } = s;
  const { filters, staleDate } = s;
  const filterQuery = {
    provinceId: province.id,
    keyword,
    orgCode: filters.clinic || undefined,
    department: filters.department,
    title: filters.title,
    onlineOnly: filters.online,
    date: filters.date || undefined,
    unchecked: !s.checked,
  };
  const counts = await getDoctorFilterCounts(filterQuery);
  const notices = droppedNotices(s.dropped);
  const result = await getDoctorPage({ ...filterQuery, sort, page, pageSize: PAGE_SIZE });
  if (page > lastPage(result.total, PAGE_SIZE)) notFound();
  const query = (over: { sort?: string; page?: number; filters?: Partial<FinderFilters> }) =>
    finderQuery({ sort: over.sort ?? sort, keyword, filters: { ...filters, ...over.filters }, page: over.page });
  const filtered = Boolean(filters.department || filters.title || filters.clinic || filters.online || filters.date);
  const day = filters.date ? counts?.dates.find((d) => d.value === filters.date) : undefined;
  return (
    <>
      <PageHeader title="找医生" subtitle="看诊服务 · 名医坐诊，就近预约" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '找医生', path: routes.doctorList() }]} />
        {s.explicit ? <RememberProvince provinceId={province.id} /> : null}
        <div className="space-y-3 rounded-lg border border-stone-200 bg-white px-5 py-4">
          <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
            <ProvinceTabs provinces={s.provinces} current={province.id} hrefFor={(id) => routes.doctorList(id, query({ page: 1 }))} />
            <FilterTabs label="排序" options={DOCTOR_SORTS} current={sort} hrefFor={(v) => routes.doctorList(province.id, query({ sort: v, page: 1 }))} />
          </div>
          <FinderFilterPanel
            counts={counts}
            filters={filters}
            hrefFor={(over) => routes.doctorList(province.id, query({ filters: over, page: 1 }))}
            search={
              <ListSearchBox
                action={routes.doctorList(province.id)}
                keyword={keyword}
                label="搜索医生"
                placeholder="姓名、科室或病症，如：胃痛"
                hidden={{
                  sort: sort === 'default' ? undefined : sort,
                  dept: filters.department || undefined,
                  title: filters.title || undefined,
                  clinic: filters.clinic || undefined,
                  online: filters.online ? '1' : undefined,
                  date: filters.date || undefined,
                }}
              />
            }
          />
        </div>
        {staleDate ? (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            {monthDay(staleDate)}不在可预约的14天内，下面是全部日期的医生。
          </p>
        ) : null}
        {notices.map((notice) => (
          <p key={notice} role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            {notice}
          </p>
        ))}
        <div className="flex items-baseline justify-between gap-4">
          <h2 className="text-lg font-semibold text-stone-800" data-route-focus>
            {day ? `${province.name}${monthDay(day.value)}（${day.weekday}）有号的医生共 ` : `${province.name}共有 `}
            <span className="text-brand-700" data-testid="doctor-total">{result.total}</span> 位{day ? '' : '医生'}
            {matchText(keyword, filtered && !(day && !filters.department && !filters.title && !filters.clinic && !filters.online))}
          </h2>
          {filters.department ? (
            <Link href={routes.department(filters.department)} className="flex-none text-sm text-brand-700 hover:underline">
              {filters.department}科室介绍 ›
            </Link>
          ) : null}
        </div>
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
