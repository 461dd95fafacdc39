import { createNewsListPage } from '@/app/(news)/_lib/news-list-page';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** SPEC §2 trendsInfor: 圣爱动态 (news type news, lib/news-types.ts). */
const { generateMetadata, NewsListPage } = createNewsListPage({
  type: NEWS_TYPES.news,
  title: '圣爱动态',
  description: '圣爱中医集团新闻、门诊动态与活动资讯，按年份浏览。',
  banner: 'news',
  layout: 'cards',
  href: routes.news,
  withYears: true,
  withProvinces: true,
  withCarousel: true,
});

export { generateMetadata };
export default NewsListPage;
