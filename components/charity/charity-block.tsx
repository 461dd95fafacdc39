import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';

/** A titled block of the charity home with a "more" link to its list. */
export function CharityBlock({ id, title, moreHref, children }: { id: string; title: string; moreHref: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="mb-4 flex items-end justify-between border-b-2 border-jade-600 pb-2">
        <h2 id={id} className="text-xl font-bold text-stone-900">{title}</h2>
        <Link href={moreHref} className="text-sm text-jade-700 hover:underline">
          更多<span className="sr-only">{title}</span> ›
        </Link>
      </div>
      {children}
    </section>
  );
}
