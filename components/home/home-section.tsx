import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';

/** A titled band of the home page with an optional "more" link. */
export function HomeSection({
  id,
  title,
  subtitle,
  moreHref,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  moreHref?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto mt-14 max-w-6xl px-4">
      <div className="mb-6 flex items-end justify-between">
        <div>
          <h2 id={id} className="text-2xl font-bold tracking-wide text-stone-900">
            <span className="mr-3 inline-block h-6 w-1.5 translate-y-0.5 rounded bg-brand-700" aria-hidden="true" />
            {title}
          </h2>
          {subtitle ? <p className="mt-1 pl-5 text-sm text-stone-600">{subtitle}</p> : null}
        </div>
        {moreHref ? (
          <Link href={moreHref} className="text-sm text-brand-700 hover:underline">
            查看更多<span className="sr-only">{title}</span> ›
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
