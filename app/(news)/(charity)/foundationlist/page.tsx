import { createNewsListPage } from '@/app/(news)/_lib/news-list-page';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** SPEC §2 foundationlist: 公益项目 (news type charityProject, lib/news-types.ts). */
const { generateMetadata, NewsListPage } = createNewsListPage({
  type: NEWS_TYPES.charityProject,
  title: '公益项目',
  description: '圣爱公益基金会长期开展的公益项目。',
  banner: 'charity',
  layout: 'cards',
  href: routes.foundationList,
});

export { generateMetadata };
export default NewsListPage;
