import type { MetadataRoute } from 'next';
import { listClinicCodes } from '@/lib/api/clinics';
import { getDepartments } from '@/lib/api/departments';
import { listDoctorCodes } from '@/lib/api/doctors';
import { listNewsEntries } from '@/lib/api/news';
import { listPointsGoodsSns } from '@/lib/api/points';
import { listIllnessIds, listSpecialEntries, listStudioIds } from '@/lib/api/specialties';
import { getSystemDocs } from '@/lib/api/system';
import { specialHref } from '@/components/specialties/special-article';
import { chinaIsoDateTime } from '@/lib/format';
import { newsDetailHref } from '@/lib/news-routes';
import { routes, staticPublicPaths } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';

/**
 * sitemap.xml (docs/seo-sharing.md): every public route and every detail page (doctors,
 * clinics, news of every type, illnesses, departments, studios and their articles, points goods, rules), built from the API through
 * the cached fetchers. Rendered per request so its URLs use the running
 * SITE_URL; a source that fails is left out rather than failing the sitemap.
 */
export const dynamic = 'force-dynamic';

async function orEmpty<T>(label: string, read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch (err) {
    console.error(`[sitemap] ${label} unavailable: ${err instanceof Error ? err.message : String(err)}`);
    return [];
  }
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [news, doctors, clinics, illnesses, rules] = await Promise.all([
    orEmpty('news', listNewsEntries),
    orEmpty('doctors', listDoctorCodes),
    orEmpty('clinics', listClinicCodes),
    orEmpty('illnesses', listIllnessIds),
    orEmpty('rules', async () => (await getSystemDocs({ pageSize: 100 })).items),
  ]);
  const [goods, studios, specials] = await Promise.all([
    orEmpty('goods', listPointsGoodsSns),
    orEmpty('studios', listStudioIds),
    orEmpty('studio articles', listSpecialEntries),
  ]);
  const departments = await orEmpty('departments', getDepartments);
  const entry = (path: string, priority: number, lastModified?: string): MetadataRoute.Sitemap[number] => ({
    url: absoluteUrl(path),
    priority,
    // A publish time is China wall-clock time (docs/api.md "Times"): written with its offset, not as UTC.
    ...(lastModified && chinaIsoDateTime(lastModified) ? { lastModified: chinaIsoDateTime(lastModified) } : {}),
  });
  return [
    ...staticPublicPaths.map((p) => entry(p, p === routes.home() ? 1 : 0.7)),
    ...doctors.map((code) => entry(routes.doctorDetail(code), 0.8)),
    ...clinics.map((code) => entry(routes.hospitalDetail(code), 0.8)),
    ...illnesses.map((id) => entry(routes.illnessDetail(id), 0.6)),
    ...departments.map((d) => entry(routes.department(d.name), 0.7)),
    ...news.map((n) => entry(newsDetailHref(n.type, n.id), 0.6, n.publishedAt)),
    ...rules.map((r) => entry(routes.systemContent({ id: r.id }), 0.3)),
    ...studios.map((id) => entry(routes.expertStudioDetail(id), 0.6)),
    ...specials.map((s) => entry(specialHref(s), 0.5, s.createdAt)),
    ...goods.map((sn) => entry(routes.productDetails(sn), 0.4)),
  ];
}
