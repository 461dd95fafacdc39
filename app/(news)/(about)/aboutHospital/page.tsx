import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { JoinUs } from '@/components/news/join-us';
import { SectionLayout, sectionSidebar } from '@/components/news/section-layout';
import { SiteFigures } from '@/components/news/site-figures';
import { getClinicPage } from '@/lib/api/clinics';
import { getJobCategories, getJobPage } from '@/lib/api/jobs';
import { readAll } from '@/lib/api/list-page';
import { getBanner } from '@/lib/api/news';
import { getProvinces } from '@/lib/api/reference';
import { getSiteFigures } from '@/lib/api/site-info';
import { groupReachText } from '@/lib/group-reach';
import { parseId, parsePage, single, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { siteConfig } from '@/lib/site-config';

/** SPEC §2 /aboutHospital: the group's introduction under the about-us banner image, and 加入我们. */
export const metadata: Metadata = pageMetadata({
  title: '集团简介',
  description: '云南圣爱中医馆集团简介：连锁中医门诊网络、名医团队、数字化医疗服务与人才招聘。',
  path: routes.aboutHospital(),
});

type Props = { searchParams: Promise<SearchParams> };

export default async function AboutHospitalPage({ searchParams }: Props) {
  const sp = await searchParams;
  const jobType = parseId(sp.jobType);
  const jobPage = parsePage(sp.jobPage, 100);
  const channelParam = single(sp.jobChannel, 10);
  const jobChannel = channelParam === 'social' || channelParam === 'campus' ? channelParam : undefined;
  if (jobType === null || jobPage === null || (channelParam && !jobChannel)) notFound();
  const [banner, figures, categories, jobs, provinces] = await Promise.all([
    getBanner('about'),
    getSiteFigures(),
    getJobCategories(),
    getJobPage({ categoryId: jobType, channel: jobChannel, page: jobPage, pageSize: 8 }),
    getProvinces(),
  ]);
  // The cities and provinces come from the clinic catalogue, like the finder's.
  const home = provinces.find((p) => p.isDefault);
  const homeClinics = home ? await readAll((page) => getClinicPage({ provinceId: home.id, page, pageSize: 100 })) : [];
  if (jobType !== undefined && !categories.some((c) => c.id === jobType)) notFound();
  const hrefFor = (q: { jobType?: number; jobPage?: number; jobChannel?: 'social' | 'campus' }) =>
    `${routes.aboutHospital({ jobType: q.jobType, jobChannel: q.jobChannel, jobPage: q.jobPage && q.jobPage > 1 ? q.jobPage : undefined })}#join-us`;
  return (
    <SectionLayout
      title="集团简介"
      subtitle={banner?.subtitle || '让百姓就近看好中医'}
      bannerImage={banner?.image}
      crumbs={[
        { name: '首页', path: routes.home() },
        { name: '关于我们', path: routes.aboutHospital() },
      ]}
      sidebar={sectionSidebar('关于我们')}
      currentHref={routes.aboutHospital()}
    >
      <section aria-labelledby="about-title" className="rounded-xl border border-stone-200 bg-white p-8 shadow-sm">
        <h2 id="about-title" className="text-xl font-bold text-stone-900">{siteConfig.groupName}</h2>
        <div className="mt-4 space-y-4 leading-8 text-stone-700">
          <p>
            {groupReachText(siteConfig.groupName, provinces, homeClinics.map((c) => c.city))}
            集团汇聚省内外名老中医与中青年骨干医师，开设中医内科、妇科、儿科、针灸推拿、康复理疗等科室，提供道地药材饮片、代煎配送与会员健康管理服务。
          </p>
          {siteConfig.intro.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <p className="mt-6 flex flex-wrap gap-3 text-sm">
          <Link href={routes.aboutDirector()} className="rounded-full bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">创始人介绍</Link>
          <Link href={routes.growingUp()} className="rounded-full border border-brand-700 px-4 py-2 text-brand-700 hover:bg-brand-50">发展历程</Link>
          <Link href={routes.glory()} className="rounded-full border border-brand-700 px-4 py-2 text-brand-700 hover:bg-brand-50">集团荣誉</Link>
          <Link href={routes.systemDetail()} className="rounded-full border border-brand-700 px-4 py-2 text-brand-700 hover:bg-brand-50">制度建设</Link>
        </p>
      </section>
      <section aria-label="集团规模" className="mt-8">
        <SiteFigures figures={figures} />
      </section>
      <JoinUs categories={categories} jobs={jobs} categoryId={jobType} channel={jobChannel} hrefFor={hrefFor} />
    </SectionLayout>
  );
}
