import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import type { FavouriteClinic, FavouriteDoctor } from '@/lib/api/collections';
import { routes } from '@/lib/routes';
import { RemoveFavouriteButton } from './remove-favourite-button';

/** The member's favourite clinics and doctors on /userIndex, each removable (issue 7). */
export function FavouriteLists({ clinics, doctors }: { clinics: FavouriteClinic[]; doctors: FavouriteDoctor[] }) {
  return (
    <div className="grid grid-cols-2 gap-6">
      <section aria-labelledby="fav-clinics" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="fav-clinics" className="border-l-4 border-brand-700 pl-3 text-lg font-bold text-stone-900">
          收藏的门诊
        </h2>
        {clinics.length === 0 ? (
          <div className="mt-4">
            <EmptyState title="还没有收藏门诊" action={{ label: '去找门诊', href: routes.hospitalList() }} />
          </div>
        ) : (
          <ul className="mt-4 divide-y divide-stone-100">
            {clinics.map((c) => (
              <li key={c.code} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link href={routes.hospitalDetail(c.code)} className="font-medium text-stone-900 hover:text-brand-700">
                    {c.name}
                  </Link>
                  <p className="truncate text-sm text-stone-600">{c.address}</p>
                </div>
                <RemoveFavouriteButton kind="clinic" code={c.code} name={c.name} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="fav-doctors" className="rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="fav-doctors" className="border-l-4 border-brand-700 pl-3 text-lg font-bold text-stone-900">
          收藏的医生
        </h2>
        {doctors.length === 0 ? (
          <div className="mt-4">
            <EmptyState title="还没有收藏医生" action={{ label: '去找医生', href: routes.doctorList() }} />
          </div>
        ) : (
          <ul className="mt-4 divide-y divide-stone-100">
            {doctors.map((d) => (
              <li key={d.appointmentCode} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link href={routes.doctorDetail(d.appointmentCode)} className="font-medium text-stone-900 hover:text-brand-700">
                    {d.name}
                  </Link>
                  <span className="ml-2 text-sm text-jade-700">{d.title}</span>
                  <p className="truncate text-sm text-stone-600">{d.clinicName}</p>
                </div>
                <RemoveFavouriteButton kind="doctor" code={d.appointmentCode} name={d.name} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
