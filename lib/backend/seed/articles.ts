/**
 * Written article bodies (docs/content.md), one module per group of news types. seed/content.ts
 * uses a written body when the title has one; the consistency test holds every type listed in
 * WRITTEN_ARTICLE_TYPES to it (600–1500 characters, no shared paragraphs).
 */
import { CHARITY_ARTICLES, CHARITY_TYPES } from './articles-charity';
import { CULTURE_ARTICLES, CULTURE_TYPES } from './articles-culture';
import { HEALTH_SCIENCE_ARTICLES, HEALTH_SCIENCE_TYPES } from './articles-health-science';
import { NEWS_ARTICLES, NEWS_TYPES_WRITTEN } from './articles-news';

export const WRITTEN_ARTICLE_TYPES: number[] = [...HEALTH_SCIENCE_TYPES, ...NEWS_TYPES_WRITTEN, ...CULTURE_TYPES, ...CHARITY_TYPES];

export const WRITTEN_ARTICLES: Record<string, string> = {
  ...HEALTH_SCIENCE_ARTICLES,
  ...NEWS_ARTICLES,
  ...CULTURE_ARTICLES,
  ...CHARITY_ARTICLES,
};
