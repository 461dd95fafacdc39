/**
 * Written article bodies for 圣爱动态 (news) (docs/content.md): each on its own
 * subject with its own facts, headings where a real article has them. seed/articles.ts gathers them.
 */

/** The types whose every article has a written body here (the consistency test holds them to it). */
export const NEWS_TYPES_WRITTEN: number[] = [];

/** Title → body HTML. */
export const NEWS_ARTICLES: Record<string, string> = {};
