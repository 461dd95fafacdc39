/**
 * Written article bodies for 企业文化, 圣爱成长 and 圣爱荣誉 (culture, growing up, glory) (docs/content.md): each on its own
 * subject with its own facts, headings where a real article has them. seed/articles.ts gathers them.
 */

/** The types whose every article has a written body here (the consistency test holds them to it). */
export const CULTURE_TYPES: number[] = [];

/** Title → body HTML. */
export const CULTURE_ARTICLES: Record<string, string> = {};
