import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { DetailSection, DoctorProfile } from '@/components/doctors/doctor-profile';
import { doctorDescription } from '@/components/doctors/doctor-description';
import { DoctorSchedule, soonestOpenSlot } from '@/components/doctors/doctor-schedule';
import { evaluationFilterState } from '@/components/doctors/evaluation-params';
import { EvaluationFilters, EvaluationList, EvaluationRatioBar, type EvaluationFilterState } from '@/components/doctors/evaluations';
import { PhysicianJsonLd } from '@/components/doctors/physician-json-ld';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { ReadAloud } from '@/components/ui/read-aloud';
import { getDoctor, getDoctorScheduleRead } from '@/lib/api/doctors';
import { getEvaluationPage, getEvaluationRatio } from '@/lib/api/evaluations';
import { getOnlineStatus } from '@/lib/api/online';
import { getInsurance } from '@/lib/api/reference';
import { getDoctorSpecials } from '@/lib/api/specialties';
import { chinaIsoDateTime, formatDate, formatDateTime } from '@/lib/format';
import { parsePage, parseCode, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { doctorCard } from '@/lib/share-card/content';

interface Props {
  params: Promise<{ code: string }>;
  searchParams: Promise<SearchParams>;
}

async function loadDoctor(params: Props['params']) {
  const code = parseCode((await params).code);
  return code ? getDoctor(code) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const doctor = await loadDoctor(params);
  if (!doctor) return { title: '医生不存在' };
  return pageMetadata({
    title: `${doctor.name} ${doctor.title}`,
    description: doctorDescription(doctor, `${doctor.name}，${doctor.clinicName}${doctor.department}${doctor.title}`),
    path: routes.doctorDetail(doctor.appointmentCode),
    card: doctorCard(doctor),
    type: 'profile',
  });
}

/** The doctor's page (SPEC §2): introduction, schedule, insurance, online status, evaluations with SPEC §9 filters. */
export default async function DoctorDetailPage({ params, searchParams }: Props) {
  const doctor = await loadDoctor(params);
  if (!doctor) notFound();
  const sp = await searchParams;
  const filters = evaluationFilterState(sp);
  const page = parsePage(sp.page, 1000) ?? 1;
  const target = { doctorCode: doctor.appointmentCode, source: 0 as const };
  const [schedule, ratio, evaluations, insurance, specials, online] = await Promise.all([
    getDoctorScheduleRead(doctor.appointmentCode),
    getEvaluationRatio(target),
    getEvaluationPage(target, { satisfaction: filters.sat, type: filters.etype, content: filters.content, page, pageSize: 8 }),
    getInsurance(doctor.clinicCode),
    getDoctorSpecials(doctor.appointmentCode),
    doctor.consultsOnline ? getOnlineStatus([doctor.doctorId]).catch(() => []) : Promise.resolve([]),
  ]);
  const firstOpen = soonestOpenSlot(schedule.days);
  const hrefFor = (f: EvaluationFilterState, p = 1) =>
    // The fragment keeps the reader at the evaluations after a filter or page change.
    `${routes.doctorDetail(doctor.appointmentCode, {
      sat: f.sat,
      etype: f.etype,
      content: f.content,
      page: p > 1 ? p : undefined,
    })}#evaluations`;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      {/* The earliest open number first, then a skip link to the whole schedule (docs/doctor-finder.md "Keyboard"):
          with Tab alone, the first bookable slot is the first stop in main. */}
      <div className="flex flex-wrap items-center gap-3">
        {firstOpen ? (
          <a href={routes.booking(firstOpen.id)} className="inline-flex min-h-11 items-center rounded-md bg-jade-700 px-4 font-medium text-white hover:bg-jade-600">
            预约最近号源：{firstOpen.date} {firstOpen.weekday} {firstOpen.shiftName} {firstOpen.start}-{firstOpen.end}
          </a>
        ) : null}
        <a
          href="#schedule"
          className="sr-only focus:not-sr-only focus:inline-block focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow"
        >
          跳到出诊时间
        </a>
      </div>
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '找医生', path: routes.doctorList() },
          { name: doctor.name, path: routes.doctorDetail(doctor.appointmentCode) },
        ]}
      />
      <PhysicianJsonLd doctor={doctor} ratio={ratio} />
      <DoctorProfile
        id="doctor-profile"
        doctor={doctor}
        satisfaction={ratio.total > 0 ? { rate: ratio.satisfiedRate, count: ratio.total, href: '#evaluations' } : undefined}
        online={doctor.consultsOnline ? (online[0]?.online ?? false) : null}
        actions={
          doctor.consultsOnline ? (
            <>
              <Link href={routes.askDoctor(doctor.appointmentCode)} className="rounded-full bg-jade-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-jade-700">
                图文问诊 ¥{doctor.consultFee}
              </Link>
              <Link href={routes.onlineDoctorDetail(doctor.appointmentCode)} className="text-sm text-brand-700 hover:underline">
                在线问诊主页 ›
              </Link>
            </>
          ) : null
        }
      />
      <ReadAloud targetIds={['doctor-profile', 'intro']} label="朗读医生介绍" />
      <DetailSection id="intro" title="医生简介">
        <p className="leading-8 text-stone-800">{doctor.introduction}</p>
      </DetailSection>
      <DetailSection id="schedule" title="出诊时间">
        <DoctorSchedule days={schedule.days} />
        <p className="mt-3 text-xs text-stone-600">
          余号更新于 <time dateTime={chinaIsoDateTime(schedule.readAt)}>{formatDateTime(schedule.readAt)}</time>
          ，1分钟内刷新一次：门诊现场挂号后这里的余号可能稍晚变化，以预约页的实时号源为准。
        </p>
      </DetailSection>
      <DetailSection id="insurance" title="医保支付">
        <ul className="grid grid-cols-2 gap-3">
          {insurance.map((i) => (
            <li key={i.id} className="rounded-md bg-stone-50 p-3">
              <p className="font-medium text-stone-900">{i.name}</p>
              <p className="mt-1 text-sm text-stone-600">{i.remark}</p>
            </li>
          ))}
        </ul>
      </DetailSection>
      <DetailSection id="evaluations" title="患者评价">
        <div className="space-y-5">
          <EvaluationRatioBar ratio={ratio} rateShown={false} />
          <EvaluationFilters state={filters} hrefFor={(f) => hrefFor(f)} />
          <EvaluationList page={evaluations} hrefForPage={(p) => hrefFor(filters, p)} />
        </div>
      </DetailSection>
      {specials.items.length ? (
        <DetailSection id="specials" title="工作室文章">
          <ul className="divide-y divide-stone-100">
            {specials.items.map((s) => (
              <li key={s.id} className="flex items-center justify-between py-3">
                <Link
                  href={s.type === 1 ? routes.workResultDetail(s.id) : s.type === 2 ? routes.workDynamicDetail(s.id) : routes.specialDetail(s.id)}
                  className="text-stone-800 hover:text-brand-700"
                >
                  <span className="mr-2 text-sm text-jade-700">[{s.typeName}]</span>
                  {s.title}
                </Link>
                <time className="text-sm text-stone-600" dateTime={s.createdAt}>
                  {formatDate(s.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        </DetailSection>
      ) : null}
    </div>
  );
}
