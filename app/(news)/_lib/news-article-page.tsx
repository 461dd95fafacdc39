import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getNewsArticle, type NewsArticle } from '@/lib/api/news';
import { NEWS_TYPES } from '@/lib/news-types';
import { newsDetailHref } from '@/lib/news-routes';
import { parseId, type SearchParams } from '@/lib/url-params';
import { pageMetadata, summarize } from '@/lib/seo';
import { articleCard } from '@/lib/share-card/content';
import { NewsArticleView } from '@/components/news/news-article-view';
import { typeCrumbs } from '@/components/news/sections';
import { VideoPlayer } from '@/components/news/video-player';

/**
 * Loads the article of a detail route, or answers 404: a missing or
 * malformed id, an unknown id, or an article of a type this route does not
 * show (each type has its page, lib/news-routes.ts).
 */
export async function loadArticle(rawId: string | string[] | undefined, types?: readonly number[], classId?: number) {
  const id = parseId(rawId);
  if (id === undefined || id === null) notFound();
  const article = await getNewsArticle(id, classId);
  if (!article || (types && !types.includes(article.type))) notFound();
  return article;
}

export function articleMetadata(article: NewsArticle): Metadata {
  return pageMetadata({
    title: article.title,
    description: article.summary || summarize(article.bodyHtml),
    // The canonical URL is the type's own page, whichever route showed it.
    path: newsDetailHref(article.type, article.id),
    card: articleCard(article),
    type: 'article',
  });
}

export function ArticlePage({ article }: { article: NewsArticle }) {
  const path = newsDetailHref(article.type, article.id);
  const media =
    article.type === NEWS_TYPES.video && article.videoUrl ? (
      <VideoPlayer src={article.videoUrl} poster={article.image} title={article.title} />
    ) : undefined;
  return (
    <NewsArticleView
      article={article}
      path={path}
      crumbs={typeCrumbs(article.type, { name: article.title, path })}
      media={media}
    />
  );
}

type Props = { searchParams: Promise<SearchParams> };

/** A detail route read by `?id=` that shows the given types (cultureDetail, videoDetail, foundationdetail...). */
export function createArticlePage(types: readonly number[]) {
  async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
    return articleMetadata(await loadArticle((await searchParams).id, types));
  }
  async function NewsArticleRoute({ searchParams }: Props) {
    return <ArticlePage article={await loadArticle((await searchParams).id, types)} />;
  }
  return { generateMetadata, NewsArticleRoute };
}
