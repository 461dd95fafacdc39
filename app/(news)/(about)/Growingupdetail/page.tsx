import { createArticlePage } from '@/app/(news)/_lib/news-article-page';
import { NEWS_TYPES } from '@/lib/news-types';

/** SPEC §2 Growingupdetail?id=: a milestone of 圣爱成长. Unknown, malformed or other-type ids answer 404. */
const { generateMetadata, NewsArticleRoute } = createArticlePage([NEWS_TYPES.growingUp]);

export { generateMetadata };
export default NewsArticleRoute;
