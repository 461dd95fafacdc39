/**
 * Page metadata in one shape: title, description, canonical, Open Graph and
 * Twitter card with an image (docs/seo-sharing.md). Pages call pageMetadata() from
 * generateMetadata with the same cached fetchers they render with.
 */
import type { Metadata } from 'next';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, shareCardAlt, shareCardPath, type ShareCard } from './share-card/content';
import { siteConfig, siteUrl } from './site-config';

export const DEFAULT_SHARE_IMAGE = '/images/share-card.png';

export interface PageMetadataInput {
  /** The route title; the layout's template adds " - <site title>". */
  title: string;
  description?: string;
  /** The canonical path with its meaningful query (from lib/routes). */
  path: string;
  /**
   * The page's own share card (lib/share-card): a 1200×630 PNG drawn from the page's content.
   * Pages without one share the site's card. (A page's own SVG picture is no share image:
   * WeChat, Weibo and most link previewers do not show SVG.)
   */
  card?: ShareCard;
  /** Member and utility pages stay out of search engines. */
  noindex?: boolean;
  type?: 'website' | 'article' | 'profile';
}

export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl()}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** Plain text of at most `max` characters, for descriptions built from HTML bodies. */
export function summarize(text: string, max = 120): string {
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

export function pageMetadata(input: PageMetadataInput): Metadata {
  const description = input.description || siteConfig.description;
  const image = {
    url: absoluteUrl(input.card ? shareCardPath(input.card) : DEFAULT_SHARE_IMAGE),
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    type: 'image/png',
    alt: input.card ? shareCardAlt(input.card) : `${siteConfig.title}：${siteConfig.description}`,
  };
  const url = absoluteUrl(input.path);
  // The home page's title is the site title: not "圣爱中医官方网站 - 圣爱中医官方网站".
  const fullTitle = input.title === siteConfig.title ? input.title : `${input.title} - ${siteConfig.title}`;
  return {
    title: input.title,
    description,
    alternates: { canonical: url },
    openGraph: {
      title: fullTitle,
      description,
      url,
      siteName: siteConfig.title,
      locale: 'zh_CN',
      type: input.type ?? 'website',
      images: [image],
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description, images: [{ url: image.url, alt: image.alt }] },
    robots: input.noindex ? { index: false, follow: false } : undefined,
  };
}

export interface Crumb {
  name: string;
  path: string;
}

/** schema.org BreadcrumbList (SPEC's breadCardList). */
export function breadcrumbJsonLd(crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.path),
    })),
  };
}
