/**
 * Written article bodies for 公益活动, 通知公告, 公益项目 and 圣爱视频 (charity activities, notices, projects; videos) (docs/content.md): each on its own
 * subject with its own facts, headings where a real article has them. seed/articles.ts gathers them.
 */

/** The types whose every article has a written body here (the consistency test holds them to it). */
export const CHARITY_TYPES: number[] = [];

/** Title → body HTML. */
export const CHARITY_ARTICLES: Record<string, string> = {};
