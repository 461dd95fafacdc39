import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { getSpecial, type Special, type SpecialType } from '@/lib/api/specialties';
import { parseId, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata, summarize } from '@/lib/seo';
import { specialCard } from '@/lib/share-card/content';
import { SpecialArticle, specialHref } from '@/components/specialties/special-article';

/**
 * The three special detail routes (/workResultDetail, /workDynamicDetail, /specialDetail ?id=)
 * share this: an id of another type answers 404, so each URL has one canonical page.
 */
async function load(searchParams: Promise<SearchParams>, type: SpecialType): Promise<Special | null> {
  const id = parseId((await searchParams).id) ?? null;
  if (!id) return null;
  const special = await getSpecial(id);
  return special && special.type === type ? special : null;
}

export async function specialMetadata(searchParams: Promise<SearchParams>, type: SpecialType): Promise<Metadata> {
  const s = await load(searchParams, type);
  if (!s) return { title: '内容不存在' };
  return pageMetadata({ title: s.title, description: summarize(s.summary || s.contentHtml, 150), path: specialHref(s), type: 'article', card: specialCard(s) });
}

export async function SpecialPage({ searchParams, type }: { searchParams: Promise<SearchParams>; type: SpecialType }) {
  const s = await load(searchParams, type);
  if (!s) notFound();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '名医工作室', path: routes.expertStudio() },
          ...(s.studioId ? [{ name: s.studioName, path: routes.expertStudioDetail(s.studioId) }] : []),
          { name: s.title, path: specialHref(s) },
        ]}
      />
      <SpecialArticle special={s} />
    </div>
  );
}
