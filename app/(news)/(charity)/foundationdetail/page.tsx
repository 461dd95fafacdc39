import { createArticlePage } from '@/app/(news)/_lib/news-article-page';
import { NEWS_TYPES } from '@/lib/news-types';

/** SPEC §2 foundationdetail?id=: a charity activity or project. Unknown, malformed or other-type ids answer 404. */
const { generateMetadata, NewsArticleRoute } = createArticlePage([NEWS_TYPES.charityActivity, NEWS_TYPES.charityProject]);

export { generateMetadata };
export default NewsArticleRoute;
