import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AppointmentDetails } from '@/components/booking/appointment-details';
import type { RescheduleOption } from '@/components/booking/reschedule-form';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { ReadAloud } from '@/components/ui/read-aloud';
import { PageHeader } from '@/components/ui/page-header';
import { getClinic } from '@/lib/api/clinics';
import { getDoctorSchedule } from '@/lib/api/doctors';
import { getRegistration, type Registration } from '@/lib/api/registrations';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';
import { isRegisterNo } from '@/lib/contract';

interface Props {
  params: Promise<{ registerNo: string }>;
}

async function registerNoOf(params: Props['params']): Promise<string | null> {
  const raw = (await params).registerNo;
  return isRegisterNo(raw) ? raw : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const no = await registerNoOf(params);
  return pageMetadata({ title: '预约详情', path: no ? routes.registrationDetail(no) : routes.registrationRecords(), noindex: true });
}

/** The other open periods of the same doctor a booking may move to (the live numbers are checked again on the server). */
async function rescheduleOptions(r: Registration): Promise<RescheduleOption[]> {
  if (!r.canReschedule) return [];
  const days = await getDoctorSchedule(r.doctorCode).catch(() => []);
  return days
    .flatMap((d) => d.slots)
    .filter((s) => s.bookState === 'open' && s.id !== r.scheduleId)
    .map((s) => ({ id: s.id, date: s.date, weekday: s.weekday, period: `${s.shiftName} ${s.start}-${s.end}`, clinicName: s.clinicName, remaining: s.remaining }));
}

/**
 * An appointment (SPEC §2 login-required, under /dRecord/registration): the owner only; another member's
 * number, or one that does not exist, is a 404 (docs/api.md answers both alike). Never cached.
 */
export default async function AppointmentPage({ params }: Props) {
  const no = await registerNoOf(params);
  await requireMember(no ? routes.registrationDetail(no) : routes.registrationRecords());
  if (!no) notFound();
  const registration = await getRegistration(await memberClient(), no);
  if (!registration) notFound();
  const [clinic, options] = await Promise.all([getClinic(registration.hospitalCode).catch(() => null), rescheduleOptions(registration)]);
  return (
    <>
      <PageHeader title="预约详情" subtitle={`${registration.patientName} · ${registration.doctorName} · ${registration.visitDate}`} />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '挂号记录', path: routes.registrationRecords() },
            { name: '预约详情', path: routes.registrationDetail(no) },
          ]}
        />
        <ReadAloud targetIds={['appointment-text']} label="朗读预约详情" />
        <div id="appointment-text">
          <AppointmentDetails registration={registration} clinic={clinic} rescheduleOptions={options} />
        </div>
      </div>
    </>
  );
}
