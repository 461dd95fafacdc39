import { createNewsListPage } from '@/app/(news)/_lib/news-list-page';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** SPEC §2 saGrowingup: 圣爱成长 (news type growingUp, lib/news-types.ts). */
const { generateMetadata, NewsListPage } = createNewsListPage({
  type: NEWS_TYPES.growingUp,
  title: '圣爱成长',
  description: '从一间诊室到连锁中医馆集团：圣爱中医的成长历程。',
  banner: 'about',
  layout: 'timeline',
  href: routes.growingUp,
});

export { generateMetadata };
export default NewsListPage;
