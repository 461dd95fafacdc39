import { createNewsListPage } from '@/app/(news)/_lib/news-list-page';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** SPEC §2 foundcutr0145: 健康科普 (news type healthScience, lib/news-types.ts). */
const { generateMetadata, NewsListPage } = createNewsListPage({
  type: NEWS_TYPES.healthScience,
  title: '健康科普',
  description: '中医专家撰写的健康科普：四季养生、常见病防治与日常保健。',
  banner: 'charity',
  layout: 'cards',
  href: routes.healthScience,
});

export { generateMetadata };
export default NewsListPage;
