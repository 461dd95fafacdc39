import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { doctorDescription } from '@/components/doctors/doctor-description';
import { DetailSection, DoctorProfile } from '@/components/doctors/doctor-profile';
import { DoctorSchedule } from '@/components/doctors/doctor-schedule';
import { EvaluationRatioBar } from '@/components/doctors/evaluations';
import { QuestionList } from '@/components/online/question-list';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { getDoctor, getDoctorSchedule } from '@/lib/api/doctors';
import { getEvaluationRatio } from '@/lib/api/evaluations';
import { getOnlineStatus, getQuestionPage } from '@/lib/api/online';
import { parseCode } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { doctorCard } from '@/lib/share-card/content';
import { pageMetadata } from '@/lib/seo';
import { ASK_RULES } from '@/lib/validation/ask-rules';

interface Props {
  params: Promise<{ code: string }>;
}

async function loadDoctor(params: Props['params']) {
  const code = parseCode((await params).code);
  return code ? getDoctor(code) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const doctor = await loadDoctor(params);
  if (!doctor) return { title: '医生不存在' };
  return pageMetadata({
    title: `${doctor.name}在线问诊`,
    description: doctorDescription(doctor, `${doctor.name}${doctor.title}在线图文问诊`),
    path: routes.onlineDoctorDetail(doctor.appointmentCode),
    card: doctorCard(doctor),
    type: 'profile',
  });
}

/** The online doctor's page (SPEC §2): status, fee, the clinic schedule to book from, recent questions, consultation evaluations. */
export default async function OnlineDoctorDetailPage({ params }: Props) {
  const doctor = await loadDoctor(params);
  if (!doctor) notFound();
  const [status, questions, ratio, schedule] = await Promise.all([
    getOnlineStatus([doctor.doctorId]).catch(() => []),
    getQuestionPage({ doctorId: doctor.doctorId, pageSize: 5 }),
    getEvaluationRatio({ doctorCode: doctor.appointmentCode, source: 1 }),
    getDoctorSchedule(doctor.appointmentCode),
  ]);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '在线问诊', path: routes.onlineExpert() },
          { name: doctor.name, path: routes.onlineDoctorDetail(doctor.appointmentCode) },
        ]}
      />
      <DoctorProfile
        doctor={doctor}
        online={doctor.consultsOnline ? (status[0]?.online ?? false) : null}
        actions={
          <Link href={routes.doctorDetail(doctor.appointmentCode)} className="text-sm text-brand-700 hover:underline">
            门诊出诊与预约 ›
          </Link>
        }
      />
      <DetailSection id="consult" title="图文问诊">
        {doctor.consultsOnline ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-jade-50 p-5">
            <p className="text-stone-800">
              问诊费用 <span className="text-2xl font-bold text-brand-700">¥{doctor.consultFee}</span> / 次；支付后{ASK_RULES.answerHours}小时内未回复，全额退款。
            </p>
            <Link href={routes.askDoctor(doctor.appointmentCode)} className="rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800">
              发起图文问诊
            </Link>
          </div>
        ) : (
          <p className="text-stone-700">该医生暂未开通在线问诊，可前往门诊就诊。</p>
        )}
      </DetailSection>
      <DetailSection id="schedule" title="门诊出诊与预约">
        <DoctorSchedule days={schedule} />
      </DetailSection>
      <DetailSection
        id="questions"
        title={`TA的问答（${questions.total}）`}
        aside={
          <Link href={routes.doctorQuestions(doctor.doctorId)} className="text-sm text-brand-700 hover:underline">
            查看全部 ›
          </Link>
        }
      >
        <QuestionList page={{ ...questions, total: Math.min(questions.total, questions.pageSize) }} hrefForPage={() => routes.doctorQuestions(doctor.doctorId)} showDoctor={false} />
      </DetailSection>
      <DetailSection
        id="consult-evaluations"
        title="问诊评价"
        aside={
          <Link href={routes.doctorConsultEvaluations(doctor.doctorId)} className="text-sm text-brand-700 hover:underline">
            查看全部评价 ›
          </Link>
        }
      >
        <EvaluationRatioBar ratio={ratio} />
      </DetailSection>
    </div>
  );
}
