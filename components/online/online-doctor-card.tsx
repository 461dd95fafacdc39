import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { Doctor } from '@/lib/api/doctors';
import { routes } from '@/lib/routes';
import { OnlineBadge } from './online-badge';

/** An online consultant: portrait, live status, fee and the way in. */
export function OnlineDoctorCard({ doctor, online }: { doctor: Doctor; online: boolean }) {
  return (
    <article className="flex h-full flex-col rounded-lg border border-stone-200 bg-white p-5 shadow-sm hover:shadow-md">
      <div className="flex gap-4">
        <StaticImage src={doctor.avatar} alt={`${doctor.name}医生照片`} width={72} height={90} className="h-[90px] w-[72px] rounded-md object-cover" />
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2">
            <Link href={routes.onlineDoctorDetail(doctor.appointmentCode)} className="text-lg font-semibold text-stone-900 hover:text-brand-700">
              {doctor.name}
            </Link>
            <OnlineBadge doctorId={doctor.doctorId} initialOnline={online} />
          </h3>
          <p className="text-sm text-brand-700">
            {doctor.title} · {doctor.department}
          </p>
          <p className="mt-1 truncate text-sm text-stone-600">{doctor.clinicName}</p>
        </div>
      </div>
      <div className="mt-3 flex-1">
        <p className="line-clamp-2 text-sm text-stone-700">擅长：{doctor.specialties.join('、')}</p>
      </div>
      <div className="mt-4 flex items-center justify-between">
        <span className="text-sm text-stone-600">
          图文问诊 <span className="text-lg font-semibold text-brand-700">¥{doctor.consultFee}</span>
        </span>
        <Link href={routes.onlineDoctorDetail(doctor.appointmentCode)} className="rounded-md bg-jade-600 px-3 py-1.5 text-sm text-white hover:bg-jade-700">
          去问诊
        </Link>
      </div>
    </article>
  );
}
