import { createNewsListPage } from '@/app/(news)/_lib/news-list-page';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** SPEC §2 saGlory: 圣爱荣誉 (news type glory, lib/news-types.ts). */
const { generateMetadata, NewsListPage } = createNewsListPage({
  type: NEWS_TYPES.glory,
  title: '圣爱荣誉',
  description: '圣爱中医获得的荣誉与社会认可。',
  banner: 'about',
  layout: 'cards',
  href: routes.glory,
});

export { generateMetadata };
export default NewsListPage;
