import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { ProvinceTabs } from '@/components/doctors/province-tabs';
import { RememberProvince } from '@/components/doctors/remember-province';
import { provinceListState } from '@/app/(care)/_lib/resolve-province';
import { ListSearchBox } from '@/components/doctors/search-box';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
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
  return state && { ...state, sort: pickOption(DOCTOR_SORTS, single(sp.sort)) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const s = await load(props);
  if (!s) return { title: '页面不存在' };
  return pageMetadata({
    title: s.explicit ? `找医生 · ${s.province.name}` : '找医生',
    description: `圣爱中医${s.province.name}各门诊坐诊医生：按好评、服务人次、粉丝排序，查看医生擅长、出诊时间与患者评价，在线预约挂号。`,
    path: routes.doctorList(s.explicit ? s.province.id : undefined, { sort: s.sort === 'default' ? undefined : s.sort, page: s.page > 1 ? s.page : undefined }),
  });
}

/** The doctor finder (issue 4): province, keyword, SPEC §9 sorts, real pagination; state in the URL. */
export default async function DoctorListPage(props: Props) {
  const s = await load(props);
  if (!s) notFound();
  const { province, sort, page, keyword } = s;
  const result = await getDoctorPage({ provinceId: province.id, keyword, sort, page, pageSize: PAGE_SIZE });
  const query = (over: { sort?: string; page?: number }) => ({
    sort: (over.sort ?? sort) === 'default' ? undefined : (over.sort ?? sort),
    q: keyword || undefined,
    page: over.page && over.page > 1 ? over.page : undefined,
  });
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
            hidden={{ sort: sort === 'default' ? undefined : sort }}
          />
        </div>
        <h2 className="text-lg font-semibold text-stone-800">
          {province.name}共有 <span className="text-brand-700">{result.total}</span> 位医生{keyword ? `符合“${keyword}”` : ''}
        </h2>
        {result.items.length === 0 ? (
          <EmptyState title="没有找到符合条件的医生" hint="换个关键词或省份试试" action={{ label: '查看全部医生', href: routes.doctorList(province.id) }} />
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
