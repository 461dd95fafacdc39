import { createNewsListPage } from '@/app/(news)/_lib/news-list-page';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** SPEC §2 foundcutr0068: 公益活动 (news type charityActivity, lib/news-types.ts). */
const { generateMetadata, NewsListPage } = createNewsListPage({
  type: NEWS_TYPES.charityActivity,
  title: '公益活动',
  description: '圣爱公益基金会的乡村义诊、爱心助学、困难救助等公益活动。',
  banner: 'charity',
  layout: 'cards',
  href: routes.charityActivities,
});

export { generateMetadata };
export default NewsListPage;
