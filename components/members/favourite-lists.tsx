import { Link } from '@/components/ui/link';
import { EmptyState } from '@/components/ui/empty-state';
import type { FavouriteClinicView, FavouriteDoctorView } from './member-home-view';
import { routes } from '@/lib/routes';
import { RemoveFavouriteButton } from './remove-favourite-button';

interface FavouriteRow {
  kind: 'clinic' | 'doctor';
  code: string;
  name: string;
  href: string;
  /** A short label beside the name (the doctor's title). */
  badge?: string;
  detail: string;
}

function FavouriteSection({
  id,
  title,
  rows,
  empty,
}: {
  id: string;
  title: string;
  rows: FavouriteRow[];
  empty: { title: string; action: { label: string; href: string } };
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id={id} className="border-l-4 border-brand-700 pl-3 text-lg font-bold text-stone-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={empty.title} action={empty.action} />
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100">
          {rows.map((r) => (
            <li key={r.code} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <Link href={r.href} className="font-medium text-stone-900 hover:text-brand-700">
                  {r.name}
                </Link>
                {r.badge ? <span className="ml-2 text-sm text-jade-700">{r.badge}</span> : null}
                <p className="truncate text-sm text-stone-600">{r.detail}</p>
              </div>
              <RemoveFavouriteButton kind={r.kind} code={r.code} name={r.name} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The member's favourite clinics and doctors on /userIndex, each removable (SPEC §2 member services). */
export function FavouriteLists({ clinics, doctors }: { clinics: FavouriteClinicView[]; doctors: FavouriteDoctorView[] }) {
  return (
    <div className="grid grid-cols-2 gap-6">
      <FavouriteSection
        id="fav-clinics"
        title="收藏的门诊"
        empty={{ title: '还没有收藏门诊', action: { label: '去找门诊', href: routes.hospitalList() } }}
        rows={clinics.map((c) => ({
          kind: 'clinic',
          code: c.code,
          name: c.name,
          href: routes.hospitalDetail(c.code),
          detail: c.address,
        }))}
      />
      <FavouriteSection
        id="fav-doctors"
        title="收藏的医生"
        empty={{ title: '还没有收藏医生', action: { label: '去找医生', href: routes.doctorList() } }}
        rows={doctors.map((d) => ({
          kind: 'doctor',
          code: d.appointmentCode,
          name: d.name,
          href: routes.doctorDetail(d.appointmentCode),
          badge: d.title,
          detail: d.clinicName,
        }))}
      />
    </div>
  );
}
