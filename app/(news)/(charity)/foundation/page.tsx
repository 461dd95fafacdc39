import type { Metadata } from 'next';
import { CharityBlock } from '@/components/charity/charity-block';
import { CharityFigures } from '@/components/charity/charity-figures';
import { foundationInfo } from '@/components/charity/foundation-info';
import { NewsCard, NewsRows } from '@/components/news/news-card';
import { SectionLayout, sectionSidebar } from '@/components/news/section-layout';
import { getBanner, getNewsPage } from '@/lib/api/news';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

/** SPEC §2 /foundation: the charity foundation's home, with the latest of each charity list. */
export const metadata: Metadata = pageMetadata({
  title: '圣爱公益',
  description: `${foundationInfo.name}：${foundationInfo.mission}`,
  path: routes.foundation(),
});

export default async function FoundationPage() {
  const [banner, activities, science, notices, projects] = await Promise.all([
    getBanner('charity'),
    getNewsPage({ type: NEWS_TYPES.charityActivity, pageSize: 3 }),
    getNewsPage({ type: NEWS_TYPES.healthScience, pageSize: 5 }),
    getNewsPage({ type: NEWS_TYPES.charityNotice, pageSize: 5 }),
    getNewsPage({ type: NEWS_TYPES.charityProject, pageSize: 3 }),
  ]);
  return (
    <SectionLayout
      title="圣爱公益"
      subtitle={banner?.subtitle || foundationInfo.mission}
      bannerImage={banner?.image}
      crumbs={[
        { name: '首页', path: routes.home() },
        { name: '圣爱公益', path: routes.foundation() },
      ]}
      sidebar={sectionSidebar('圣爱公益')}
      currentHref={routes.foundation()}
    >
      <section aria-labelledby="foundation-intro" className="rounded-xl border border-stone-200 bg-white p-8 shadow-sm">
        <h2 id="foundation-intro" className="text-xl font-bold text-stone-900">{foundationInfo.name}</h2>
        <p className="mt-2 font-medium text-jade-700">{foundationInfo.mission}</p>
        {foundationInfo.intro.map((p) => (
          <p key={p} className="mt-3 leading-8 text-stone-700">{p}</p>
        ))}
        <div className="mt-6">
          <CharityFigures />
        </div>
      </section>
      <CharityBlock id="charity-activities" title="公益活动" moreHref={routes.charityActivities()}>
        <ul className="grid grid-cols-3 gap-5">
          {activities.items.map((item) => (
            <li key={item.id} className="flex"><NewsCard item={item} /></li>
          ))}
        </ul>
      </CharityBlock>
      <div className="grid grid-cols-2 gap-8">
        <CharityBlock id="charity-science" title="健康科普" moreHref={routes.healthScience()}>
          <NewsRows items={science.items} />
        </CharityBlock>
        <CharityBlock id="charity-notices" title="通知公告" moreHref={routes.charityNotices()}>
          <NewsRows items={notices.items} />
        </CharityBlock>
      </div>
      <CharityBlock id="charity-projects" title="公益项目" moreHref={routes.foundationList()}>
        <ul className="grid grid-cols-3 gap-5">
          {projects.items.map((item) => (
            <li key={item.id} className="flex"><NewsCard item={item} /></li>
          ))}
        </ul>
      </CharityBlock>
    </SectionLayout>
  );
}
