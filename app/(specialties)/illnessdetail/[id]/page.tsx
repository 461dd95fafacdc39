import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { DetailSection } from '@/components/doctors/doctor-profile';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { getDoctorPage } from '@/lib/api/doctors';
import { getIllness } from '@/lib/api/specialties';
import { parseId } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata, summarize } from '@/lib/seo';

interface Props {
  params: Promise<{ id: string }>;
}

async function load(params: Props['params']) {
  const id = parseId((await params).id);
  return id ? getIllness(id) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const illness = await load(params);
  if (!illness) return { title: '专科不存在' };
  return pageMetadata({
    title: `${illness.name} · ${illness.clinicName}`,
    description: summarize(`${illness.summary}常见症状：${illness.symptoms}中医治疗：${illness.treatment}`, 150),
    path: routes.illnessDetail(illness.id),
    type: 'article',
  });
}

/** One illness/specialty (issue 4): what it is, symptoms, TCM treatment, the clinic and its doctors. */
export default async function IllnessDetailPage({ params }: Props) {
  const illness = await load(params);
  if (!illness) notFound();
  const doctors = await getDoctorPage({ orgCode: illness.clinicCode, sort: 'praise', pageSize: 4 });
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '疾病专科', path: routes.illnessList() },
          { name: illness.name, path: routes.illnessDetail(illness.id) },
        ]}
      />
      <section className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-stone-900">{illness.name}</h1>
          <span className="rounded bg-brand-50 px-2 py-0.5 text-sm text-brand-700">{illness.typeName}</span>
          <span className="rounded bg-jade-50 px-2 py-0.5 text-sm text-jade-700">{illness.diseaseTypeName}</span>
        </div>
        <p className="mt-3 text-stone-700">
          就诊门诊：
          <Link href={routes.hospitalDetail(illness.clinicCode)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
            {illness.clinicName}
          </Link>
          <span className="ml-6 text-sm text-stone-600">
            好评率 <span className="font-semibold text-brand-700">{illness.praiseRate}%</span> · 服务 {illness.serviceCount} 人次
          </span>
        </p>
        <p className="mt-4 leading-8 text-stone-800">{illness.summary}</p>
      </section>
      <div className="grid grid-cols-2 gap-6">
        <DetailSection id="symptoms" title="常见症状">
          <p className="leading-8 text-stone-800">{illness.symptoms}</p>
        </DetailSection>
        <DetailSection id="treatment" title="中医治疗">
          <p className="leading-8 text-stone-800">{illness.treatment}</p>
        </DetailSection>
      </div>
      <DetailSection id="illness-doctors" title="门诊医生">
        <ul className="grid grid-cols-2 gap-4">
          {doctors.items.map((d) => (
            <li key={d.appointmentCode}>
              <DoctorCard doctor={d} />
            </li>
          ))}
        </ul>
      </DetailSection>
      {illness.otherClinics.length ? (
        <DetailSection id="other-clinics" title="其他开设该专科的门诊">
          <ul className="flex flex-wrap gap-3">
            {illness.otherClinics.map((c) => (
              <li key={c.id}>
                <Link href={routes.illnessDetail(c.id)} className="rounded-full border border-stone-300 px-3 py-1 text-sm text-stone-700 hover:border-brand-600 hover:text-brand-700">
                  {c.clinicName}
                </Link>
              </li>
            ))}
          </ul>
        </DetailSection>
      ) : null}
      <p className="text-sm text-stone-600">本页内容仅供健康科普参考，具体诊疗请遵医嘱。</p>
    </div>
  );
}
