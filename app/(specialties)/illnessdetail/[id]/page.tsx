import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { DetailSection } from '@/components/doctors/doctor-profile';
import { MedicalConditionJsonLd } from '@/components/specialties/medical-condition-json-ld';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { getDoctorPage } from '@/lib/api/doctors';
import { getIllness } from '@/lib/api/specialties';
import { formatCount } from '@/lib/format';
import { parseId, single, type SearchParams } from '@/lib/url-params';
import { pickOption, SYMPTOM_SORTS } from '@/lib/constants';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { routes } from '@/lib/routes';
import { illnessCard } from '@/lib/share-card/content';
import { pageMetadata, summarize } from '@/lib/seo';
import { clinicFirst, placeLabel } from '@/app/(specialties)/_lib/clinic-first';

/** Doctors an illness page lists before 查看全部. */
const DOCTORS_SHOWN = 6;

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
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
    card: illnessCard(illness),
  });
}

/**
 * One illness/specialty: what it is, symptoms, TCM treatment, the clinic, the departments that treat it, and
 * the doctors of the group whose 擅长 names it, in SPEC §9's symptom-list sorts (Default, Praise, Services),
 * the clinic's own first and each labelled with the city: their count is the site search's for the illness's
 * name (docs/doctor-finder.md).
 */
export default async function IllnessDetailPage({ params, searchParams }: Props) {
  const illness = await load(params);
  if (!illness) notFound();
  const sort = pickOption(SYMPTOM_SORTS, single((await searchParams).sort));
  // The clinic's own doctors who treat it first, then the group's others, each labelled with the city
  // (docs/doctor-finder.md "Illness pages"); the count is the whole group's, as the site search's.
  const [own, doctors] = await Promise.all([
    getDoctorPage({ illnessId: illness.id, orgCode: illness.clinicCode, sort, pageSize: DOCTORS_SHOWN }),
    getDoctorPage({ illnessId: illness.id, sort, pageSize: 2 * DOCTORS_SHOWN }),
  ]);
  const shown = clinicFirst(own.items, doctors.items, DOCTORS_SHOWN);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '疾病专科', path: routes.illnessList() },
          { name: illness.name, path: routes.illnessDetail(illness.id) },
        ]}
      />
      <MedicalConditionJsonLd illness={illness} doctors={shown} />
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
            好评率 <span className="font-semibold text-brand-700">{illness.praiseRate}%</span> · 服务 {formatCount(illness.serviceCount)} 人次
          </span>
        </p>
        {illness.departments.length ? (
          <p className="mt-2 text-stone-700">
            就诊科室：
            {illness.departments.map((d, i) => (
              <span key={d}>
                {i > 0 ? '、' : ''}
                <Link href={routes.department(d)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
                  {d}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
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
      <DetailSection
        id="illness-doctors"
        title={`擅长${illness.name}的医生（${doctors.total}）`}
        aside={
          doctors.total > shown.length ? (
            <Link href={routes.search(illness.name, { type: 'doctor' })} className="text-sm text-brand-700 hover:underline">
              查看全部{doctors.total}位医生 ›
            </Link>
          ) : null
        }
      >
        <div className="mb-4">
          <FilterTabs
            label="排序"
            options={SYMPTOM_SORTS}
            current={sort}
            hrefFor={(v) => `${routes.illnessDetail(illness.id)}${v === 'default' ? '' : `?sort=${v}`}#illness-doctors`}
          />
        </div>
        {shown.length === 0 ? <p className="text-stone-600">暂无擅长该病症的医生，请咨询门诊。</p> : null}
        {shown.length ? (
          <p className="mb-3 text-sm text-stone-600">
            {own.total ? `先列出${illness.clinicName}的${own.total}位医生，再列集团其他门诊的医生。` : `${illness.clinicName}暂无擅长该病症的医生，以下为集团其他门诊的医生。`}
          </p>
        ) : null}
        <ul className="grid grid-cols-2 gap-4" data-testid="illness-doctors">
          {shown.map((d) => (
            <li key={d.appointmentCode} data-place={d.clinicCode === illness.clinicCode ? 'own' : 'other'}>
              <DoctorCard doctor={d} badge={placeLabel(d, illness.clinicCode)} />
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
