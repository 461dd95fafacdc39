import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { evaluationFilterState } from '@/components/doctors/evaluation-params';
import { EvaluationFilters, EvaluationList, EvaluationRatioBar, type EvaluationFilterState } from '@/components/doctors/evaluations';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getEvaluationPage, getEvaluationRatio } from '@/lib/api/evaluations';
import { parsePage } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { loadDoctor, type DoctorIdPageProps } from '../../_lib/doctor-by-id';

type Props = DoctorIdPageProps;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const doctor = await loadDoctor(params);
  if (!doctor) return { title: '医生不存在' };
  return pageMetadata({
    title: `${doctor.name}的问诊评价`,
    description: `患者对${doctor.name}${doctor.title}在线问诊的评价与满意度。`,
    path: routes.doctorConsultEvaluations(doctor.doctorId),
  });
}

/** One doctor's consultation evaluations (SPEC §2: source = online consultation), SPEC §9 filters. */
export default async function ConsultEvaluationsPage({ params, searchParams }: Props) {
  const doctor = await loadDoctor(params);
  if (!doctor) notFound();
  const sp = await searchParams;
  const filters = evaluationFilterState(sp);
  const target = { doctorId: doctor.doctorId, source: 1 as const };
  const [ratio, evaluations] = await Promise.all([
    getEvaluationRatio(target),
    getEvaluationPage(target, { satisfaction: filters.sat, type: filters.etype, content: filters.content, page: parsePage(sp.page, 1000) ?? 1 }),
  ]);
  const hrefFor = (f: EvaluationFilterState, p = 1) =>
    routes.doctorConsultEvaluations(doctor.doctorId, { sat: f.sat, etype: f.etype, content: f.content, page: p > 1 ? p : undefined });
  return (
    <>
      <PageHeader title={`${doctor.name}的问诊评价`} subtitle={`${doctor.title} · ${doctor.department}`} />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '在线问诊', path: routes.onlineExpert() },
            { name: doctor.name, path: routes.onlineDoctorDetail(doctor.appointmentCode) },
            { name: '问诊评价', path: routes.doctorConsultEvaluations(doctor.doctorId) },
          ]}
        />
        <EvaluationRatioBar ratio={ratio} />
        <div className="rounded-lg border border-stone-200 bg-white p-5">
          <EvaluationFilters state={filters} hrefFor={(f) => hrefFor(f)} />
        </div>
        <EvaluationList page={evaluations} hrefForPage={(p) => hrefFor(filters, p)} />
      </div>
    </>
  );
}
