import { createNewsListPage } from '@/app/(news)/_lib/news-list-page';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** SPEC §2 savideo: 圣爱视频 (news type video, lib/news-types.ts). */
const { generateMetadata, NewsListPage } = createNewsListPage({
  type: NEWS_TYPES.video,
  title: '圣爱视频',
  description: '圣爱中医宣传片、名医讲堂与养生功法视频。',
  banner: 'culture',
  layout: 'videos',
  href: routes.videos,
});

export { generateMetadata };
export default NewsListPage;
