import { createArticlePage } from '@/app/(news)/_lib/news-article-page';
import { NEWS_TYPES } from '@/lib/news-types';

/** SPEC §2 healthSciencedetail?id=: a health-science article. Unknown, malformed or other-type ids answer 404. */
const { generateMetadata, NewsArticleRoute } = createArticlePage([NEWS_TYPES.healthScience]);

export { generateMetadata };
export default NewsArticleRoute;
