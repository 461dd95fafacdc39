import type { Metadata } from 'next';
import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { DetailSection } from '@/components/doctors/doctor-profile';
import { evaluationFilterState } from '@/components/doctors/evaluation-params';
import { EvaluationFilters, EvaluationList, EvaluationRatioBar, type EvaluationFilterState } from '@/components/doctors/evaluations';
import { ClinicDirections } from '@/components/hospitals/clinic-directions';
import { ClinicSchedule } from '@/components/hospitals/clinic-schedule';
import { EnvironmentGallery } from '@/components/hospitals/environment-gallery';
import { FavouriteToggle } from '@/components/hospitals/favourite-toggle';
import { MedicalClinicJsonLd } from '@/components/hospitals/medical-clinic-json-ld';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { getClinic, getClinicImages, getClinicSchedule } from '@/lib/api/clinics';
import { getDoctorPage } from '@/lib/api/doctors';
import { readAll } from '@/lib/api/list-page';
import { getEvaluationPage, getEvaluationRatio } from '@/lib/api/evaluations';
import { getInsurance } from '@/lib/api/reference';
import { parsePage, parseCode, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata, summarize } from '@/lib/seo';
import { clinicCard } from '@/lib/share-card/content';

interface Props {
  params: Promise<{ code: string }>;
  searchParams: Promise<SearchParams>;
}

async function loadClinic(params: Props['params']) {
  const code = parseCode((await params).code);
  return code ? getClinic(code) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const clinic = await loadClinic(params);
  if (!clinic) return { title: '门诊不存在' };
  return pageMetadata({
    title: clinic.name,
    description: summarize(`${clinic.name}：${clinic.address}，电话${clinic.phone}，${clinic.hours}。${clinic.introduction}`, 150),
    path: routes.hospitalDetail(clinic.code),
    card: clinicCard(clinic),
  });
}

/** The clinic's page (SPEC §2): address, hours, phone, environment, doctors, schedules, evaluations. */
export default async function HospitalDetailPage({ params, searchParams }: Props) {
  const clinic = await loadClinic(params);
  if (!clinic) notFound();
  const sp = await searchParams;
  const filters = evaluationFilterState(sp);
  const page = parsePage(sp.page, 1000) ?? 1;
  const target = { clinicCode: clinic.code };
  const [images, doctors, staff, schedule, ratio, evaluations, insurance] = await Promise.all([
    getClinicImages(clinic.code),
    getDoctorPage({ orgCode: clinic.code, pageSize: 6, sort: 'praise' }),
    // Every doctor of the clinic, for the 科室 of each name on the roster.
    readAll((p) => getDoctorPage({ orgCode: clinic.code, page: p, pageSize: 100 })),
    getClinicSchedule(clinic.code),
    getEvaluationRatio(target),
    getEvaluationPage(target, { satisfaction: filters.sat, type: filters.etype, content: filters.content, page, pageSize: 6 }),
    getInsurance(clinic.code),
  ]);
  const hrefFor = (f: EvaluationFilterState, p = 1) =>
    // The fragment keeps the reader at the evaluations after a filter or page change.
    `${routes.hospitalDetail(clinic.code, { sat: f.sat, etype: f.etype, content: f.content, page: p > 1 ? p : undefined })}#evaluations`;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '找门诊', path: routes.hospitalList() },
          { name: clinic.name, path: routes.hospitalDetail(clinic.code) },
        ]}
      />
      <MedicalClinicJsonLd clinic={clinic} />
      <section className="flex gap-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <StaticImage src={clinic.image} alt={`${clinic.name}外景`} width={400} height={250} className="h-[250px] w-[400px] flex-none rounded-lg object-cover" priority />
        <div className="flex-1">
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-bold text-stone-900">{clinic.name}</h1>
            <span className="rounded bg-jade-50 px-2 py-0.5 text-sm text-jade-700">{clinic.typeName}</span>
          </div>
          <dl className="mt-4 grid grid-cols-[5rem_1fr] gap-y-2 text-stone-800">
            <dt className="text-stone-600">地址</dt>
            <dd>{clinic.address}</dd>
            <dt className="text-stone-600">电话</dt>
            <dd>
              <a href={`tel:${clinic.phone}`} className="hover:text-brand-700">
                {clinic.phone}
              </a>
            </dd>
            <dt className="text-stone-600">营业时间</dt>
            <dd>{clinic.hours}</dd>
            <dt className="text-stone-600">交通</dt>
            <dd>{clinic.traffic}</dd>
            <dt className="text-stone-600">医保</dt>
            <dd>{insurance.map((i) => i.name).join('、')}</dd>
          </dl>
          <div className="mt-5 flex flex-wrap items-center gap-4">
            <FavouriteToggle kind="clinic" code={clinic.code} name={clinic.name} initialCount={clinic.collectCount} />
            <Link href={routes.illnessList(clinic.code)} className="text-sm text-brand-700 hover:underline">
              本门诊特色专科 ›
            </Link>
          </div>
        </div>
      </section>
      <DetailSection id="directions" title="到院路线">
        <ClinicDirections clinic={clinic} withMap />
      </DetailSection>
      <DetailSection id="clinic-intro" title="门诊介绍">
        <p className="leading-8 text-stone-800">{clinic.introduction}</p>
      </DetailSection>
      <DetailSection id="environment" title="门诊环境">
        <EnvironmentGallery images={images} clinicName={clinic.name} />
      </DetailSection>
      <DetailSection
        id="doctors"
        title={`坐诊医生（${doctors.total}）`}
        aside={
          <Link href={routes.doctorList(clinic.provinceId, { clinic: clinic.code })} className="text-sm text-brand-700 hover:underline">
            查看更多医生 ›
          </Link>
        }
      >
        <ul className="grid grid-cols-2 gap-4">
          {doctors.items.map((d) => (
            <li key={d.appointmentCode}>
              <DoctorCard doctor={d} />
            </li>
          ))}
        </ul>
      </DetailSection>
      <DetailSection id="clinic-schedule" title="医生排班">
        <ClinicSchedule slots={schedule} departments={Object.fromEntries(staff.map((d) => [d.appointmentCode, d.department]))} />
      </DetailSection>
      <DetailSection
        id="evaluations"
        title="门诊评价"
        aside={
          <Link href={routes.hospitalEvaluateAll({ clinic: clinic.code })} className="text-sm text-brand-700 hover:underline">
            查看全部评价 ›
          </Link>
        }
      >
        <div className="space-y-5">
          <EvaluationRatioBar ratio={ratio} />
          <EvaluationFilters state={filters} hrefFor={(f) => hrefFor(f)} />
          <EvaluationList page={evaluations} hrefForPage={(p) => hrefFor(filters, p)} showTarget />
        </div>
      </DetailSection>
    </div>
  );
}
