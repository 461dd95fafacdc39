import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { ClinicSummary } from '@/lib/api/clinics';
import { formatDistance } from '@/lib/format';
import { routes } from '@/lib/routes';
import { ClinicDirections } from './clinic-directions';
import { FavouriteToggle } from './favourite-toggle';

/** One clinic in the list: facade, name, address, phone, distance (SPEC §9 meters under 1 km), favourite. */
export function ClinicCard({ clinic, distance }: { clinic: ClinicSummary; distance: number | null }) {
  return (
    <article className="flex flex-wrap gap-5 rounded-lg border border-stone-200 bg-white p-5 shadow-sm hover:shadow-md">
      <StaticImage src={clinic.image} alt={`${clinic.name}外景`} width={220} height={138} className="h-[138px] w-[220px] flex-none rounded-md object-cover" />
      {/* At least 14 rem beside the photo, else on a line of its own (a narrow window, the 长者模式's type). */}
      <div className="min-w-0 flex-1 basis-56">
        <div className="flex items-start justify-between gap-4">
          <h3 className="text-lg font-semibold">
            <Link href={routes.hospitalDetail(clinic.code)} className="text-stone-900 hover:text-brand-700">
              {clinic.name}
            </Link>
          </h3>
          {distance !== null ? (
            <span className="flex-none rounded-full bg-jade-50 px-3 py-1 text-sm font-medium text-jade-700">距您 {formatDistance(distance)}</span>
          ) : null}
        </div>
        <p className="mt-2 text-sm text-stone-700">
          <span className="text-stone-600">地址：</span>
          {clinic.address}
        </p>
        <p className="mt-1 text-sm text-stone-700">
          <span className="text-stone-600">电话：</span>
          <a href={`tel:${clinic.phone}`} className="hover:text-brand-700">
            {clinic.phone}
          </a>
        </p>
        <div className="mt-4 flex items-center gap-4">
          <Link href={routes.hospitalDetail(clinic.code)} className="rounded-md bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800">
            查看门诊
          </Link>
          <FavouriteToggle kind="clinic" code={clinic.code} name={clinic.name} />
        </div>
        <div className="mt-3">
          <ClinicDirections clinic={clinic} />
        </div>
      </div>
    </article>
  );
}
