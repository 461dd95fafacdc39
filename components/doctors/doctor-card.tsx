import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { DoctorSummary, NextOpenSlot } from '@/lib/api/doctors';
import { Highlight } from '@/components/ui/highlight';
import { formatCount } from '@/lib/format';
import { routes } from '@/lib/routes';

/** 2026-11-28 (a China date) → 11月28日. */
const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/**
 * Who is free when (docs/doctor-finder.md): the doctor's next open number, a link that books it (a plain <a>,
 * so a visitor meets /booking's login guard and comes back to this slot), and the fee.
 */
function NextOpen({ doctor, next }: { doctor: DoctorSummary; next: NextOpenSlot | null | undefined }) {
  if (next === undefined) return null;
  return (
    <p className="mt-3 flex items-center justify-between gap-3 border-t border-stone-100 pt-2 text-sm" data-testid="next-open">
      {next ? (
        <span className="min-w-0 truncate">
          <span className="text-stone-600">最近可约：</span>
          <a
            href={routes.booking(next.slotId)}
            className="font-medium text-jade-700 underline-offset-2 hover:underline"
            aria-label={`预约 ${doctor.name} ${next.date} ${next.weekday} ${next.shiftName} ${next.start}-${next.end} ${next.clinicName}，余${next.remaining}`}
          >
            {monthDay(next.date)} {next.weekday} {next.shiftName} · 余{next.remaining}
          </a>
        </span>
      ) : (
        <span className="text-stone-500">近14天号源已约满</span>
      )}
      <span className="flex-none text-stone-700">
        挂号费 <span className="font-semibold text-brand-700">¥{doctor.registerFee}</span>
      </span>
    </p>
  );
}

/** One doctor in a list: portrait, name, title, clinic, specialties, the SPEC §9 sort figures, next open number and fee. */
/** badge: a short label beside the title (an illness page's city, 成都 · 本门诊). */
export function DoctorCard({ doctor, href, highlight, badge }: { doctor: DoctorSummary; href?: string; highlight?: string; badge?: string }) {
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
          {badge ? (
            <span className="rounded bg-jade-50 px-2 py-0.5 text-xs text-jade-700" data-testid="doctor-place">
              {badge}
            </span>
          ) : null}
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
            <dt className="inline">满意度 </dt>
            <dd className="inline font-semibold text-brand-700">{doctor.praiseRate}%</dd>
          </div>
          <div>
            <dt className="inline">服务 </dt>
            <dd className="inline font-semibold text-stone-800">{formatCount(doctor.serviceCount)}</dd>
          </div>
          <div>
            <dt className="inline">粉丝 </dt>
            <dd className="inline font-semibold text-stone-800">{doctor.fans}</dd>
          </div>
        </dl>
        <NextOpen doctor={doctor} next={doctor.nextOpen} />
      </div>
    </article>
  );
}
