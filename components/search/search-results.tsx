import Link from 'next/link';
import type { ReactNode } from 'react';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { NewsRows } from '@/components/news/news-card';
import type { ClinicSummary } from '@/lib/api/clinics';
import type { DoctorSummary } from '@/lib/api/doctors';
import type { NewsSummary } from '@/lib/api/news';
import { ClinicResult } from './clinic-result';

/** A group of results with its count and a link to all of them. */
export function ResultGroup({
  id,
  title,
  total,
  moreHref,
  children,
}: {
  id: string;
  title: string;
  total: number;
  moreHref?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="mb-3 flex items-end justify-between border-b border-stone-200 pb-2">
        <h2 id={id} className="text-lg font-semibold text-stone-900">
          {title}
          <span className="ml-2 text-sm font-normal text-stone-600">共 {total} 条</span>
        </h2>
        {moreHref && total > 0 ? (
          <Link href={moreHref} className="text-sm text-brand-700 hover:underline">
            查看全部{title} ›
          </Link>
        ) : null}
      </div>
      {total === 0 ? <p className="py-4 text-sm text-stone-600">没有找到相关{title}。</p> : children}
    </section>
  );
}

export function DoctorResults({ doctors }: { doctors: DoctorSummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4">
      {doctors.map((d) => (
        <li key={d.appointmentCode}>
          <DoctorCard doctor={d} />
        </li>
      ))}
    </ul>
  );
}

export function ClinicResults({ clinics }: { clinics: ClinicSummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4">
      {clinics.map((c) => (
        <li key={c.code}>
          <ClinicResult clinic={c} />
        </li>
      ))}
    </ul>
  );
}

export function NewsResults({ news }: { news: NewsSummary[] }) {
  return <NewsRows items={news} />;
}
