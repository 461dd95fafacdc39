import { createNewsListPage } from '@/app/(news)/_lib/news-list-page';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** SPEC §2 culturelist: 企业文化 (news type culture, lib/news-types.ts). */
const { generateMetadata, NewsListPage } = createNewsListPage({
  type: NEWS_TYPES.culture,
  title: '企业文化',
  description: '大医精诚、患者至上：走近圣爱中医的企业文化与圣爱人的故事。',
  banner: 'culture',
  layout: 'cards',
  href: routes.cultureList,
});

export { generateMetadata };
export default NewsListPage;
