import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { ClinicSummary } from '@/lib/api/clinics';
import { routes } from '@/lib/routes';
import { Highlight } from '@/components/ui/highlight';

/** A clinic in search results and on the home page: picture, name, city, address and phone. */
export function ClinicResult({
  clinic,
  headingLevel = 'h3',
  highlight,
}: {
  clinic: ClinicSummary;
  headingLevel?: 'h2' | 'h3';
  highlight?: string;
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:shadow-md">
      <div className="relative h-24 w-36 shrink-0 overflow-hidden rounded-lg bg-jade-50">
        {clinic.image ? <StaticImage src={clinic.image} alt="" fill className="object-cover" /> : null}
      </div>
      <div className="min-w-0">
        <Heading className="font-semibold text-stone-900">
          <Link href={routes.hospitalDetail(clinic.code)} className="after:absolute after:inset-0 group-hover:text-brand-700">
            <Highlight text={clinic.name} keyword={highlight} />
          </Link>
        </Heading>
        <p className="mt-1 text-sm text-jade-700">{clinic.city}</p>
        <p className="mt-1 line-clamp-1 text-sm text-stone-600">
          <Highlight text={clinic.address} keyword={highlight} />
        </p>
        <p className="mt-1 text-sm text-stone-600">电话 {clinic.phone}</p>
      </div>
    </article>
  );
}
