import type { Metadata } from 'next';
import { evaluationFilterState } from '@/components/doctors/evaluation-params';
import { EvaluationFilters, EvaluationList, EvaluationRatioBar, type EvaluationFilterState } from '@/components/doctors/evaluations';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { getClinic, getClinicPage } from '@/lib/api/clinics';
import { getEvaluationPage, getEvaluationRatio } from '@/lib/api/evaluations';
import { parsePage, parseCode, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

interface Props {
  searchParams: Promise<SearchParams>;
}

export const metadata: Metadata = pageMetadata({
  title: '门诊评价',
  description: '圣爱中医各门诊的患者评价：按满意度、评价类型与评价内容筛选，真实反馈就诊体验。',
  path: routes.hospitalEvaluateAll(),
});

/** All clinic evaluations (SPEC §2) with the SPEC §9 filters, optionally of one clinic (?clinic=). */
export default async function HospitalEvaluateAllPage({ searchParams }: Props) {
  const sp = await searchParams;
  const filters = evaluationFilterState(sp);
  const page = parsePage(sp.page, 1000) ?? 1;
  const clinicCode = parseCode(sp.clinic) ?? '';
  const [clinic, clinics] = await Promise.all([clinicCode ? getClinic(clinicCode) : null, getClinicPage({ pageSize: 100 })]);
  const target = clinic ? { clinicCode: clinic.code } : { source: 0 as const };
  const [ratio, evaluations] = await Promise.all([
    getEvaluationRatio(target),
    getEvaluationPage(target, { satisfaction: filters.sat, type: filters.etype, content: filters.content, page, pageSize: 10 }),
  ]);
  const hrefFor = (f: EvaluationFilterState, p = 1, code = clinic?.code) =>
    routes.hospitalEvaluateAll({ clinic: code, sat: f.sat, etype: f.etype, content: f.content, page: p > 1 ? p : undefined });
  return (
    <>
      <PageHeader title="门诊评价" subtitle={clinic ? clinic.name : '看诊服务 · 全部门诊的患者评价'} />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '门诊评价', path: routes.hospitalEvaluateAll() }]} />
        <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
          <FilterTabs
            label="门诊"
            options={[{ value: '', label: '全部门诊' }, ...clinics.items.map((c) => ({ value: c.code, label: c.name.replace(/^圣爱(中医馆|国医堂)/, '') }))]}
            current={clinic?.code ?? ''}
            hrefFor={(v) => hrefFor(filters, 1, v || undefined)}
          />
          <EvaluationFilters state={filters} hrefFor={(f) => hrefFor(f)} />
        </div>
        <EvaluationRatioBar ratio={ratio} />
        <h2 className="text-lg font-semibold text-stone-800">共 {evaluations.total} 条评价</h2>
        <EvaluationList page={evaluations} hrefForPage={(p) => hrefFor(filters, p)} showTarget />
      </div>
    </>
  );
}
