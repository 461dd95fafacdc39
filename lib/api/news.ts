import 'server-only';
/**
 * News (SPEC §7 /api/News/): lists and details of every type, years,
 * carousels and banners, notices, the social-media matrix and the help items.
 * Wire names stop here; article bodies leave this module sanitized (docs/architecture.md).
 */
import { HELP_LIST_PAGE_SIZE } from '@/lib/constants';
import { HELP_GROUPS, NEWS_TYPES, type BannerPlace, type HelpRoute } from '@/lib/news-types';
import { sanitizeArticleHtml, type SafeHtml } from '@/lib/sanitize';
import { CACHE_TAGS, REVALIDATE, cachedRead } from './cache';
import { isApiError } from './errors';
import { publicRead } from './public';
import type { Page } from './types';
import { isMissing, type WireList, type WireNews, type WireNewsDetail, type WireSlide } from '@/lib/contract';

export interface NewsSummary {
  id: number;
  type: number;
  typeName: string;
  title: string;
  summary: string;
  image: string;
  videoUrl: string;
  /** A video's length in seconds; 0 when not a video or not known. */
  durationSeconds: number;
  author: string;
  source: string;
  provinceId: number;
  publishedAt: string;
  views: number;
  pinned: boolean;
}

export interface NewsLink {
  id: number;
  title: string;
}

export interface NewsArticle extends NewsSummary {
  /** Sanitized HTML (lib/sanitize.ts). */
  bodyHtml: SafeHtml;
  prev: NewsLink | null;
  next: NewsLink | null;
}

export interface Slide {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  href: string;
}

export interface Notice {
  id: number;
  title: string;
  newsId: number | null;
  publishedAt: string;
}

export interface MatrixAccount {
  id: number;
  name: string;
  account: string;
  description: string;
  qrImage: string;
}

export interface MatrixGroup {
  id: number;
  name: string;
  icon: string;
  accounts: MatrixAccount[];
}

export interface HelpItem {
  id: number;
  groupId: number;
  groupLabel: string;
  route: HelpRoute;
  question: string;
  /** Sanitized HTML (lib/sanitize.ts). */
  answerHtml: SafeHtml;
}

function reshapeNews(w: WireNews): NewsSummary {
  return {
    id: w.ID,
    type: w.Type,
    typeName: w.TypeName ?? '',
    title: w.Title,
    summary: w.Summary ?? '',
    image: w.Image ?? '',
    videoUrl: w.VideoUrl ?? '',
    durationSeconds: w.Duration ?? 0,
    author: w.Author ?? '',
    source: w.Source ?? '',
    provinceId: w.ProvinceID ?? 0,
    publishedAt: w.PublishTime ?? '',
    views: w.Views ?? 0,
    pinned: w.IsTop === 1,
  };
}

const reshapeLink = (w: WireNewsDetail['Prev'] | undefined): NewsLink | null =>
  w ? { id: w.ID, title: w.Title } : null;

function reshapeArticle(w: WireNewsDetail): NewsArticle {
  return {
    ...reshapeNews(w),
    bodyHtml: sanitizeArticleHtml(w.Content),
    prev: reshapeLink(w.Prev),
    next: reshapeLink(w.Next),
  };
}

function reshapeSlide(w: WireSlide): Slide {
  return { id: w.ID, title: w.Title, subtitle: w.SubTitle ?? '', image: w.Image, href: w.Link ?? '' };
}

export function reshapePage<W, T>(w: WireList<W>, map: (row: W) => T): Page<T> {
  return { items: w.DataList.map(map), total: w.TotalCount, page: w.PageIndex, pageSize: w.PageSize };
}

export interface NewsQuery {
  type?: number;
  keyword?: string;
  provinceId?: number;
  year?: number;
  page?: number;
  pageSize?: number;
}

/** One page of news (GetNewList). Without a type: every public type, help excluded. */
export function getNewsPage(q: NewsQuery = {}): Promise<Page<NewsSummary>> {
  const fields = {
    type: q.type,
    keyword: q.keyword,
    ProciceID: q.provinceId,
    Year: q.year,
    PageIndex: q.page ?? 1,
    PageSize: q.pageSize ?? 10,
  };
  return cachedRead(
    ['news-page', JSON.stringify(fields)],
    async () => reshapePage(await publicRead('News/GetNewList', fields), reshapeNews),
    // A searched keyword is the visitor's text: bounded memory, never the data cache on disk (lib/api/cache.ts).
    { tags: [CACHE_TAGS.news], revalidate: REVALIDATE.content, visitorChosen: Boolean(q.keyword?.trim()) },
  );
}

/**
 * One article (GetNewDetail), or null when the API does not know it, or when
 * `type` is given and the article is of another type (its own page shows it).
 */
export function getNewsArticle(id: number, type?: number): Promise<NewsArticle | null> {
  return cachedRead(
    ['news-item', id, type ?? ''],
    async () => {
      try {
        return reshapeArticle(await publicRead('News/GetNewDetail', { ID: id, ClassID: type }));
      } catch (err) {
        if (isApiError(err) && isMissing(err.errorNo)) return null;
        throw err;
      }
    },
    { tags: [CACHE_TAGS.news, CACHE_TAGS.newsItem(id)], revalidate: REVALIDATE.content },
  );
}

/** The years that hold news of a type, newest first (GetyearList). */
export function getNewsYears(type: number = NEWS_TYPES.news): Promise<number[]> {
  return cachedRead(
    ['news-years', type],
    async () => (await publicRead('News/GetyearList', { type })).DataList.map((r) => r.Year),
    { tags: [CACHE_TAGS.news], revalidate: REVALIDATE.content },
  );
}

export function getHomeCarousel(): Promise<Slide[]> {
  return cachedRead(
    ['home-carousel'],
    async () => (await publicRead('News/GetIndexCarouse')).DataList.map(reshapeSlide),
    { tags: [CACHE_TAGS.home], revalidate: REVALIDATE.content },
  );
}

export function getNewsCarousel(): Promise<Slide[]> {
  return cachedRead(
    ['news-carousel'],
    async () => (await publicRead('News/GetNewsCarouse')).DataList.map(reshapeSlide),
    { tags: [CACHE_TAGS.news], revalidate: REVALIDATE.content },
  );
}

/** The banner of a page (GetNewsBanner); 'about' is SPEC §2's about-us banner image. */
export function getBanner(place: BannerPlace): Promise<Slide | null> {
  return cachedRead(
    ['banner', place],
    async () =>
      (await publicRead('News/GetNewsBanner', { Place: place })).DataList.map(
        reshapeSlide,
      )[0] ?? null,
    { tags: [CACHE_TAGS.news], revalidate: REVALIDATE.reference },
  );
}

export function getNotices(pageSize = 6): Promise<Notice[]> {
  return cachedRead(
    ['notices', pageSize],
    async () =>
      (
        await publicRead('News/GetTW_Notice', {
          PageSize: pageSize,
        })
      ).DataList.map((w) => ({ id: w.ID, title: w.Title, newsId: w.NewsID ?? null, publishedAt: w.PublishTime })),
    { tags: [CACHE_TAGS.home, CACHE_TAGS.news], revalidate: REVALIDATE.content },
  );
}

/** The social-media matrix (GetTW_MatrixType + GetTW_MatrixDetail), grouped by platform. */
export function getMatrix(): Promise<MatrixGroup[]> {
  return cachedRead(
    ['matrix'],
    async () => {
      const [types, accounts] = await Promise.all([
        publicRead('News/GetTW_MatrixType'),
        publicRead('News/GetTW_MatrixDetail'),
      ]);
      return types.DataList.map((t) => ({
        id: t.ID,
        name: t.Name,
        icon: t.Icon,
        accounts: accounts.DataList.filter((a) => a.TypeID === t.ID).map((a) => ({
          id: a.ID,
          name: a.Name,
          account: a.Account,
          description: a.Description,
          qrImage: a.QrImage,
        })),
      }));
    },
    { tags: [CACHE_TAGS.home], revalidate: REVALIDATE.reference },
  );
}

/**
 * SPEC §3/§7/§9: the help list is news type 30, page 1, size 1000 (the SPA
 * kept it under the `helpDate` key; here it is this cached read). Each item
 * is given its route by position: its group number's place in HELP_GROUPS.
 */
export function getHelpItems(): Promise<HelpItem[]> {
  return cachedRead(
    ['help-items'],
    async () => {
      const list = await publicRead('News/GetNewList', {
        type: NEWS_TYPES.help,
        PageIndex: 1,
        PageSize: HELP_LIST_PAGE_SIZE,
      });
      return list.DataList.flatMap((w) => {
        const group = HELP_GROUPS.find((g) => g.classId === w.ClassID);
        if (!group) return [];
        return [{
          id: w.ID,
          groupId: group.classId,
          groupLabel: group.label,
          route: group.route,
          question: w.Title,
          answerHtml: sanitizeArticleHtml(w.Content),
        }];
      });
    },
    { tags: [CACHE_TAGS.help], revalidate: REVALIDATE.content },
  );
}

/** Every public news item's id, type and date, for the sitemap (pages of 1000). */
export function listNewsEntries(): Promise<{ id: number; type: number; publishedAt: string }[]> {
  return cachedRead(
    ['news-entries'],
    async () => {
      const out: { id: number; type: number; publishedAt: string }[] = [];
      for (let page = 1; page <= 50; page++) {
        const list = await publicRead('News/GetNewList', { PageIndex: page, PageSize: 1000 });
        out.push(...list.DataList.map((w) => ({ id: w.ID, type: w.Type, publishedAt: w.PublishTime })));
        if (out.length >= list.TotalCount || list.DataList.length === 0) break;
      }
      return out;
    },
    { tags: [CACHE_TAGS.news], revalidate: REVALIDATE.content },
  );
}
