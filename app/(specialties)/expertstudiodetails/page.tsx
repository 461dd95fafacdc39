import type { Metadata } from 'next';
import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { DetailSection } from '@/components/doctors/doctor-profile';
import { specialHref } from '@/components/specialties/special-article';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { getSpecialPage, getStudio } from '@/lib/api/specialties';
import { formatDate } from '@/lib/format';
import { parseId, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { studioCard } from '@/lib/share-card/content';
import { pageMetadata, summarize } from '@/lib/seo';

interface Props {
  searchParams: Promise<SearchParams>;
}

async function load(searchParams: Props['searchParams']) {
  const id = parseId((await searchParams).id) ?? null;
  return id ? getStudio(id) : null;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const d = await load(searchParams);
  if (!d) return { title: '工作室不存在' };
  return pageMetadata({
    title: d.studio.name,
    description: summarize(d.studio.introduction, 150),
    path: routes.expertStudioDetail(d.studio.id),
    card: studioCard(d.studio),
  });
}

/** One studio (SPEC §2: GetStudioMenu): lead doctor, introduction, and its results, dynamics and special pages. */
export default async function StudioDetailPage({ searchParams }: Props) {
  const detail = await load(searchParams);
  if (!detail) notFound();
  const { studio, menu } = detail;
  const lists = await Promise.all(menu.map((m) => getSpecialPage({ studioId: studio.id, type: m.specialType, pageSize: 5 })));
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '名医工作室', path: routes.expertStudio() },
          { name: studio.name, path: routes.expertStudioDetail(studio.id) },
        ]}
      />
      <section className="flex gap-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <StaticImage src={studio.image} alt={`${studio.doctorName}医生照片`} width={160} height={200} className="h-[200px] w-[160px] rounded-lg object-cover" priority />
        <div className="flex-1">
          <h1 className="text-2xl font-bold text-stone-900">{studio.name}</h1>
          <p className="mt-2 text-stone-700">
            领衔专家：
            <Link href={routes.doctorDetail(studio.doctorCode)} className="font-medium text-brand-700 underline underline-offset-2 hover:decoration-2">
              {studio.doctorName}
            </Link>{' '}
            {studio.doctorTitle} · {studio.department} · {studio.clinicName}
          </p>
          <p className="mt-4 leading-8 text-stone-800">{studio.introduction}</p>
          <ul className="mt-4 flex gap-3">
            {menu.map((m) => (
              <li key={m.specialType}>
                <a href={`#special-${m.specialType}`} className="rounded-full border border-brand-200 px-3 py-1 text-sm text-brand-700 hover:bg-brand-50">
                  {m.name}（{m.count}）
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {menu.map((m, i) => (
        <DetailSection key={m.specialType} id={`special-${m.specialType}`} title={m.name}>
          {lists[i]!.items.length === 0 ? (
            <EmptyState title={`暂无${m.name}`} />
          ) : (
            <ul className="divide-y divide-stone-100">
              {lists[i]!.items.map((s) => (
                <li key={s.id} className="py-3">
                  <div className="flex items-center justify-between gap-4">
                    <Link href={specialHref(s)} className="font-medium text-stone-900 hover:text-brand-700">
                      {s.title}
                    </Link>
                    <time className="flex-none text-sm text-stone-600" dateTime={s.createdAt}>
                      {formatDate(s.createdAt)}
                    </time>
                  </div>
                  <p className="mt-1 text-sm text-stone-600">{s.summary}</p>
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
      ))}
    </div>
  );
}
