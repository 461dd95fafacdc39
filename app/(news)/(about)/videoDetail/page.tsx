import { createArticlePage } from '@/app/(news)/_lib/news-article-page';
import { NEWS_TYPES } from '@/lib/news-types';

/** SPEC §2 videoDetail?id=: a video, played with the native <video> element and its poster. Unknown, malformed or other-type ids answer 404. */
const { generateMetadata, NewsArticleRoute } = createArticlePage([NEWS_TYPES.video]);

export { generateMetadata };
export default NewsArticleRoute;
