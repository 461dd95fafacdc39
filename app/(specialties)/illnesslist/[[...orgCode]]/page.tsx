import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListSearchBox } from '@/components/doctors/search-box';
import { IllnessCard } from '@/components/specialties/illness-card';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { getClinic } from '@/lib/api/clinics';
import { getDiseaseTypes, getIllnessPage, getSpecialtyTypes } from '@/lib/api/specialties';
import { pickOption, SPECIALTY_SORTS } from '@/lib/constants';
import { single, parseId, parsePage, parseKeyword, parseCode, optionalSegment, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

interface Props {
  params: Promise<{ orgCode?: string[] }>;
  searchParams: Promise<SearchParams>;
}

async function load({ params, searchParams }: Props) {
  const segment = optionalSegment((await params).orgCode);
  if (segment === null) return null;
  let clinic = null;
  if (segment) {
    const code = parseCode(segment);
    clinic = code ? await getClinic(code) : null;
    if (!clinic) return null;
  }
  const sp = await searchParams;
  return {
    clinic,
    sort: pickOption(SPECIALTY_SORTS, single(sp.sort)),
    typeId: parseId(sp.type) ?? undefined,
    diseaseTypeId: parseId(sp.disease) ?? undefined,
    keyword: parseKeyword(sp.q, 200)?.slice(0, 50) ?? '',
    page: parsePage(sp.page, 1000) ?? 1,
  };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const s = await load(props);
  if (!s) return { title: '页面不存在' };
  return pageMetadata({
    title: s.clinic ? `疾病专科 · ${s.clinic.name}` : '疾病专科',
    description: `圣爱中医${s.clinic ? s.clinic.name : '各门诊'}的重点专科、特色专科与优势病种：症状、中医治疗方法与就诊门诊。`,
    path: routes.illnessList(s.clinic?.code, { page: s.page > 1 ? s.page : undefined }),
  });
}

/** Illnesses and specialties (SPEC §2: GetDiseaseTypeList, HIS_Specialty), optionally of one clinic; SPEC §9 specialty sorts. */
export default async function IllnessListPage(props: Props) {
  const s = await load(props);
  if (!s) notFound();
  const [types, diseases, result] = await Promise.all([
    getSpecialtyTypes(),
    getDiseaseTypes(),
    getIllnessPage({ orgCode: s.clinic?.code, typeId: s.typeId, diseaseTypeId: s.diseaseTypeId, keyword: s.keyword, sort: s.sort, page: s.page }),
  ]);
  const href = (over: { sort?: string; type?: number | null; disease?: number | null; page?: number }) => {
    const sort = over.sort ?? s.sort;
    const type = over.type === undefined ? s.typeId : over.type;
    const disease = over.disease === undefined ? s.diseaseTypeId : over.disease;
    return routes.illnessList(s.clinic?.code, {
      type: type ?? undefined,
      disease: disease ?? undefined,
      sort: sort === 'specialty' ? undefined : sort,
      q: s.keyword || undefined,
      page: over.page && over.page > 1 ? over.page : undefined,
    });
  };
  return (
    <>
      <PageHeader title="疾病专科" subtitle={s.clinic ? `重点专科 · ${s.clinic.name}` : '重点专科 · 辨证施治，专病专治'} />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '疾病专科', path: routes.illnessList() },
            ...(s.clinic ? [{ name: s.clinic.name, path: routes.illnessList(s.clinic.code) }] : []),
          ]}
        />
        <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
          <FilterTabs
            label="专科类型"
            options={[{ value: '', label: '全部' }, ...types.map((t) => ({ value: String(t.id), label: t.name }))]}
            current={s.typeId ? String(s.typeId) : ''}
            hrefFor={(v) => href({ type: v ? Number(v) : null, page: 1 })}
          />
          <FilterTabs
            label="疾病分类"
            options={[{ value: '', label: '全部' }, ...diseases.map((t) => ({ value: String(t.id), label: t.name }))]}
            current={s.diseaseTypeId ? String(s.diseaseTypeId) : ''}
            hrefFor={(v) => href({ disease: v ? Number(v) : null, page: 1 })}
          />
          <FilterTabs label="排序" options={SPECIALTY_SORTS} current={s.sort} hrefFor={(v) => href({ sort: v, page: 1 })} />
          <ListSearchBox
            action={routes.illnessList(s.clinic?.code)}
            keyword={s.keyword}
            label="搜索疾病"
            placeholder="疾病名称或症状"
            hidden={{ sort: s.sort === 'specialty' ? undefined : s.sort }}
          />
        </div>
        <h2 className="text-lg font-semibold text-stone-800">共 {result.total} 个专科病种</h2>
        {result.items.length === 0 ? (
          <EmptyState title="没有找到符合条件的专科" action={{ label: '查看全部专科', href: routes.illnessList() }} />
        ) : (
          <ul className="grid grid-cols-3 gap-5">
            {result.items.map((i) => (
              <li key={i.id}>
                <IllnessCard illness={i} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={result.page} pageSize={result.pageSize} total={result.total} hrefFor={(p) => href({ page: p })} />
      </div>
    </>
  );
}
