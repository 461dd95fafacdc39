import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { ProvinceTabs } from '@/components/doctors/province-tabs';
import { RememberProvince } from '@/components/doctors/remember-province';
import { provinceListState } from '@/app/(care)/_lib/resolve-province';
import { ListSearchBox } from '@/components/doctors/search-box';
import { ClinicCard } from '@/components/hospitals/clinic-card';
import { CLINIC_ORDERS, clinicOrder, clinicTypeFilter } from '@/components/hospitals/clinic-list-rules';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { distanceKm } from '@/components/hospitals/distance';
import { UseMyLocation } from '@/components/hospitals/use-my-location';
import { visitorPosition } from '@/app/(care)/_lib/visitor-position';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getClinicPage, getSaleTypes } from '@/lib/api/clinics';
import { lastPage, single, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

interface Props {
  params: Promise<{ provinceId?: string[] }>;
  searchParams: Promise<SearchParams>;
}

const PAGE_SIZE = 8;

async function load({ params, searchParams }: Props) {
  const sp = await searchParams;
  const state = await provinceListState((await params).provinceId, sp);
  return state && { ...state, sp };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const s = await load(props);
  if (!s) return { title: '页面不存在' };
  return pageMetadata({
    title: s.explicit ? `找门诊 · ${s.province.name}` : '找门诊',
    description: `圣爱中医${s.province.name}门诊地址、电话、营业时间与距离，查看门诊环境、坐诊医生与排班。`,
    path: routes.hospitalList(s.explicit ? s.province.id : undefined, { page: s.page > 1 ? s.page : undefined }),
  });
}

/**
 * The clinic list: province, keyword, clinic type (GetSaleType), distance from the visitor and, with a
 * position, nearest first (components/hospitals/clinic-list-rules.ts); a page past the end is a 404.
 */
export default async function HospitalListPage(props: Props) {
  const s = await load(props);
  if (!s) notFound();
  const { province, page, keyword, sp } = s;
  const [types, position] = await Promise.all([getSaleTypes(), visitorPosition(sp)]);
  const saleTypeId = clinicTypeFilter(sp.type, types);
  if (saleTypeId === null) notFound();
  const order = clinicOrder(sp.sort, position);
  const result = await getClinicPage({
    provinceId: province.id,
    keyword,
    saleTypeId,
    near: order === 'distance' && position ? { lat: position.lat, lng: position.lng } : undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  if (page > lastPage(result.total, PAGE_SIZE)) notFound();
  const defaultOrder = clinicOrder(undefined, position);
  const keep = {
    q: keyword || undefined,
    lat: single(sp.lat, 12) ?? undefined,
    lng: single(sp.lng, 12) ?? undefined,
    type: saleTypeId,
    sort: order === defaultOrder ? undefined : order,
  };
  return (
    <>
      <PageHeader title="找门诊" subtitle="看诊服务 · 就近看好中医" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '找门诊', path: routes.hospitalList() }]} />
        {s.explicit ? <RememberProvince provinceId={province.id} /> : null}
        <div className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
          <ProvinceTabs provinces={s.provinces} current={province.id} hrefFor={(id) => routes.hospitalList(id, keep)} />
          <div className="flex flex-wrap items-center justify-between gap-4">
            <ListSearchBox
              action={routes.hospitalList(province.id)}
              keyword={keyword}
              label="搜索门诊"
              placeholder="门诊名称、城市或地址"
              hidden={{ lat: keep.lat, lng: keep.lng, type: saleTypeId ? String(saleTypeId) : undefined, sort: keep.sort }}
            />
            <Suspense fallback={null}>
              <UseMyLocation />
            </Suspense>
          </div>
          {types.length > 1 ? (
            <FilterTabs
              label="门诊类型"
              options={[{ value: '', label: '全部' }, ...types.map((t) => ({ value: String(t.id), label: t.name }))]}
              current={saleTypeId ? String(saleTypeId) : ''}
              hrefFor={(v) => routes.hospitalList(province.id, { ...keep, type: v || undefined })}
            />
          ) : null}
          {position ? (
            <FilterTabs
              label="排序"
              options={CLINIC_ORDERS}
              current={order}
              hrefFor={(v) => routes.hospitalList(province.id, { ...keep, sort: v === defaultOrder ? undefined : v })}
            />
          ) : null}
          {position ? (
            <p className="text-sm text-stone-600">{position.source === 'browser' ? '距离按您的当前位置计算。' : '距离按您的IP所在城市估算，可点击“使用我的位置”获得更准确的距离。'}</p>
          ) : null}
        </div>
        <h2 className="text-lg font-semibold text-stone-800">
          {province.name}共有 <span className="text-brand-700">{result.total}</span> 家门诊
        </h2>
        {result.items.length === 0 ? (
          <EmptyState title="该地区暂无门诊" hint="圣爱中医正在加快布局，敬请期待" action={{ label: '查看云南门诊', href: routes.hospitalList(215) }} />
        ) : (
          <ul className="space-y-4" data-testid="clinic-list" data-order={order}>
            {result.items.map((c) => (
              <li key={c.code}>
                <ClinicCard clinic={c} distance={position ? distanceKm(position, c) : null} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={result.page} pageSize={result.pageSize} total={result.total} hrefFor={(p) => routes.hospitalList(province.id, { ...keep, page: p > 1 ? p : undefined })} />
      </div>
    </>
  );
}
