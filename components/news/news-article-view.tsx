import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { JsonLd } from '@/components/seo/json-ld';
import type { NewsArticle } from '@/lib/api/news';
import { chinaIsoDateTime, formatDate, formatDuration, isoDuration } from '@/lib/format';
import { newsDetailHref } from '@/lib/news-routes';
import { absoluteUrl, summarize, type Crumb } from '@/lib/seo';
import { siteConfig } from '@/lib/site-config';
import { DEFAULT_SHARE_IMAGE } from '@/lib/seo';
import { SanitizedHtml } from '@/components/ui/sanitized-html';
import { ReadAloud } from '@/components/ui/read-aloud';

/** schema.org VideoObject of a video page: its clip, poster and length (docs/seo-sharing.md). */
export function videoObjectJsonLd(article: NewsArticle) {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: article.title,
    description: article.summary || summarize(article.bodyHtml),
    thumbnailUrl: [absoluteUrl(article.image || DEFAULT_SHARE_IMAGE)],
    uploadDate: chinaIsoDateTime(article.publishedAt),
    contentUrl: absoluteUrl(article.videoUrl),
    ...(article.durationSeconds ? { duration: isoDuration(article.durationSeconds) } : {}),
  };
}

/** schema.org NewsArticle of an article page (docs/architecture.md). */
export function newsArticleJsonLd(article: NewsArticle, path: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.summary || summarize(article.bodyHtml),
    datePublished: chinaIsoDateTime(article.publishedAt),
    image: [absoluteUrl(article.image || DEFAULT_SHARE_IMAGE)],
    articleSection: article.typeName,
    mainEntityOfPage: absoluteUrl(path),
    author: { '@type': 'Organization', name: article.author || siteConfig.groupName },
    publisher: {
      '@type': 'Organization',
      name: siteConfig.groupName,
      logo: { '@type': 'ImageObject', url: absoluteUrl('/logo.svg') },
    },
  };
}

/**
 * An article page: breadcrumbs, title, meta line, the sanitized body
 * (lib/api/news reshapes it through lib/sanitize), previous and next.
 * `media` goes above the body (the video player).
 */
export function NewsArticleView({
  article,
  crumbs,
  path,
  media,
}: {
  article: NewsArticle;
  crumbs: Crumb[];
  path: string;
  media?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumbs crumbs={crumbs} />
      <article className="mt-6 rounded-xl border border-stone-200 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-10">
        <header className="border-b border-stone-200 pb-6 text-center">
          <p className="text-sm font-medium text-jade-700">{article.typeName}</p>
          <h1 id="article-title" className="mt-2 text-2xl font-bold leading-snug text-stone-900">
            {article.title}
          </h1>
          <p className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-stone-600">
            <span>
              发布时间：<time dateTime={chinaIsoDateTime(article.publishedAt)}>{formatDate(article.publishedAt)}</time>
            </span>
            {article.durationSeconds ? <span>时长：{formatDuration(article.durationSeconds)}</span> : null}
            {article.source ? <span>来源：{article.source}</span> : null}
            {article.author && article.author !== article.source ? <span>作者：{article.author}</span> : null}
            <span>阅读 {article.views}</span>
          </p>
        </header>
        <ReadAloud targetIds={['article-title', 'article-text']} />
        {media ? <div className="mt-6">{media}</div> : null}
        {/* Sanitized on the server with an explicit allowlist (lib/sanitize.ts). */}
        <div id="article-text">
          <SanitizedHtml className="article-body mt-6 text-stone-800" html={article.bodyHtml} />
        </div>
      </article>
      <nav aria-label="上一篇与下一篇" className="mt-6 grid grid-cols-2 gap-4 text-sm">
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <span className="text-stone-600">上一篇：</span>
          {article.prev ? (
            <Link href={newsDetailHref(article.type, article.prev.id)} className="text-stone-800 hover:text-brand-700 hover:underline">
              {article.prev.title}
            </Link>
          ) : (
            <span className="text-stone-600">没有了</span>
          )}
        </div>
        <div className="rounded-lg border border-stone-200 bg-white p-4 text-right">
          <span className="text-stone-600">下一篇：</span>
          {article.next ? (
            <Link href={newsDetailHref(article.type, article.next.id)} className="text-stone-800 hover:text-brand-700 hover:underline">
              {article.next.title}
            </Link>
          ) : (
            <span className="text-stone-600">没有了</span>
          )}
        </div>
      </nav>
      <JsonLd data={newsArticleJsonLd(article, path)} />
      {article.videoUrl ? <JsonLd data={videoObjectJsonLd(article)} /> : null}
    </div>
  );
}
