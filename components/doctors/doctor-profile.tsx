import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { FavouriteToggle } from '@/components/hospitals/favourite-toggle';
import { OnlineBadge } from '@/components/online/online-badge';
import type { Doctor } from '@/lib/api/doctors';
import { formatCount } from '@/lib/format';
import { routes } from '@/lib/routes';

/** The doctor's one satisfaction figure with the number of evaluations it counts, linked to them. */
export interface SatisfactionFigure {
  rate: number;
  count: number;
  href: string;
}

/**
 * The head of a doctor's page: portrait, title, clinic, figures, online status and the favourite toggle. Its
 * 满意度 is the doctor's one satisfaction figure (docs/api.md "TW_Evaluate": 满意 among the clinic-visit
 * evaluations), shown with its count when the page has them.
 */
export function DoctorProfile({
  doctor,
  online,
  actions,
  satisfaction,
  id,
}: {
  doctor: Doctor;
  online: boolean | null;
  actions?: ReactNode;
  satisfaction?: SatisfactionFigure;
  id?: string;
}) {
  return (
    <section id={id} className="flex gap-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <StaticImage
        src={doctor.avatar}
        alt={`${doctor.name}医生照片`}
        width={160}
        height={200}
        className="h-[200px] w-[160px] flex-none rounded-lg object-cover"
        priority
      />
      <div className="flex-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-stone-900">{doctor.name}</h1>
          <span className="rounded bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-700">{doctor.title}</span>
          {doctor.department ? (
            <Link href={routes.department(doctor.department)} className="text-sm text-stone-600 underline-offset-2 hover:text-brand-700 hover:underline">
              {doctor.department}
            </Link>
          ) : null}
          {doctor.consultsOnline && online !== null ? <OnlineBadge doctorId={doctor.doctorId} initialOnline={online} /> : null}
        </div>
        <p className="mt-2 text-stone-700">
          坐诊门诊：
          <Link href={routes.hospitalDetail(doctor.clinicCode)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
            {doctor.clinicName}
          </Link>
          <span className="ml-2 text-sm text-stone-600">（{doctor.city}）</span>
        </p>
        <p className="mt-3 text-stone-700">
          <span className="font-medium text-stone-900">擅长：</span>
          {doctor.specialties.join('、')}
        </p>
        <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-4">
          <div>
            <dt className="text-sm text-stone-600">满意度</dt>
            <dd className="text-xl font-semibold text-brand-700">
              {satisfaction ? satisfaction.rate : doctor.praiseRate}%
              {satisfaction ? (
                <Link href={satisfaction.href} className="ml-2 text-sm font-normal text-stone-600 underline underline-offset-2 hover:text-brand-700">
                  {satisfaction.count}条评价
                </Link>
              ) : null}
            </dd>
          </div>
          {[
            ['服务人次', formatCount(doctor.serviceCount)],
            ['粉丝', String(doctor.fans)],
            ['挂号费', `¥${doctor.registerFee}`],
          ].map(([k, v]) => (
            <div key={k}>
              <dt className="text-sm text-stone-600">{k}</dt>
              <dd className="text-xl font-semibold text-brand-700">{v}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-5 flex flex-wrap items-center gap-4">
          <FavouriteToggle kind="doctor" code={doctor.appointmentCode} name={doctor.name} initialCount={doctor.fans} />
          {actions}
        </div>
      </div>
    </section>
  );
}

/** A titled block of a detail page. */
export function DetailSection({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-stone-200 bg-white p-6">
      <div className="mb-4 flex items-center justify-between border-b border-stone-100 pb-3">
        <h2 id={id} className="border-l-4 border-brand-700 pl-3 text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
