import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { DoctorSummary } from '@/lib/api/doctors';
import { Highlight } from '@/components/search/highlight';
import { routes } from '@/lib/routes';

/** One doctor in a list: portrait, name, title, clinic, specialties and the SPEC §9 sort figures. */
export function DoctorCard({ doctor, href, highlight }: { doctor: DoctorSummary; href?: string; highlight?: string }) {
  return (
    <article className="flex gap-4 rounded-lg border border-stone-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md">
      <StaticImage
        src={doctor.avatar}
        alt={`${doctor.name}医生照片`}
        width={88}
        height={110}
        className="h-[110px] w-[88px] flex-none rounded-md object-cover"
      />
      <div className="min-w-0 flex-1">
        <h3 className="flex items-baseline gap-2">
          <Link href={href ?? routes.doctorDetail(doctor.appointmentCode)} className="text-lg font-semibold text-stone-900 hover:text-brand-700">
            <Highlight text={doctor.name} keyword={highlight} />
          </Link>
          <span className="text-sm text-brand-700">{doctor.title}</span>
        </h3>
        <p className="mt-1 truncate text-sm text-stone-600">
          {doctor.department ? (
            <span data-testid="doctor-department" className="mr-2">
              <Highlight text={doctor.department} keyword={highlight} />
            </span>
          ) : null}
          {doctor.clinicName}
        </p>
        <p className="mt-2 line-clamp-2 text-sm text-stone-700">
          <span className="text-stone-600">擅长：</span>
          <Highlight text={doctor.specialties.join('、')} keyword={highlight} />
        </p>
        <dl className="mt-3 flex gap-5 text-xs text-stone-600">
          <div>
            <dt className="inline">好评率 </dt>
            <dd className="inline font-semibold text-brand-700">{doctor.praiseRate}%</dd>
          </div>
          <div>
            <dt className="inline">服务 </dt>
            <dd className="inline font-semibold text-stone-800">{doctor.serviceCount}</dd>
          </div>
          <div>
            <dt className="inline">粉丝 </dt>
            <dd className="inline font-semibold text-stone-800">{doctor.fans}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
