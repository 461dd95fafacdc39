import { createArticlePage } from '@/app/(news)/_lib/news-article-page';
import { NEWS_TYPES } from '@/lib/news-types';

/** SPEC §2 noticedetail?id=: a charity notice. Unknown, malformed or other-type ids answer 404. */
const { generateMetadata, NewsArticleRoute } = createArticlePage([NEWS_TYPES.charityNotice]);

export { generateMetadata };
export default NewsArticleRoute;
