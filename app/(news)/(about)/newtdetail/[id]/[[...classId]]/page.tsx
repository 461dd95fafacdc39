import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ArticlePage, articleMetadata, loadArticle } from '@/app/(news)/_lib/news-article-page';
import { parseId } from '@/lib/url-params';

/**
 * SPEC §2 /newtdetail/{ID} and /newtdetail/{ID}/{ClassID}: any article; with a
 * ClassID, only an article of that type (GetNewDetail answers 404 otherwise).
 * More than one extra segment, or a malformed one, is a 404.
 */
type Props = { params: Promise<{ id: string; classId?: string[] }> };

async function load(params: Props['params']) {
  const { id, classId } = await params;
  if (classId && classId.length > 1) notFound();
  let type: number | undefined;
  if (classId?.length === 1) {
    const parsed = parseId(classId[0]);
    if (!parsed) notFound();
    type = parsed;
  }
  return loadArticle(id, undefined, type);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata(await load(params));
}

export default async function NewsDetailPage({ params }: Props) {
  return <ArticlePage article={await load(params)} />;
}
