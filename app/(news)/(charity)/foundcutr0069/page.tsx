import { createNewsListPage } from '@/app/(news)/_lib/news-list-page';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** SPEC §2 foundcutr0069: 通知公告 (news type charityNotice, lib/news-types.ts). */
const { generateMetadata, NewsListPage } = createNewsListPage({
  type: NEWS_TYPES.charityNotice,
  title: '通知公告',
  description: '圣爱公益基金会的通知公告、年度报告与信息公开。',
  banner: 'charity',
  layout: 'rows',
  href: routes.charityNotices,
});

export { generateMetadata };
export default NewsListPage;
