import Link from 'next/link';
import { routes } from '@/lib/routes';
import { siteConfig } from '@/lib/site-config';

/** Home (issue 5 fills the carousel, figures, news and teasers). */
export default function HomePage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-800">{siteConfig.title}</h1>
      <p className="mt-4 text-stone-700">{siteConfig.description}</p>
      <p className="mt-6 flex gap-4">
        <Link href={routes.doctorList()} className="rounded bg-brand-700 px-5 py-2 text-white">找医生</Link>
        <Link href={routes.hospitalList()} className="rounded border border-brand-700 px-5 py-2 text-brand-700">找门诊</Link>
      </p>
    </div>
  );
}
