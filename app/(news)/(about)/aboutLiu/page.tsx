import type { Metadata } from 'next';
import { StaticImage } from '@/components/ui/static-image';
import { SectionLayout, sectionSidebar } from '@/components/news/section-layout';
import { getBanner } from '@/lib/api/news';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

/**
 * SPEC §2 /aboutLiu: the founder, with the about-the-director image. The
 * founder is an invented person (docs/content.md: no real people's data).
 */
export const metadata: Metadata = pageMetadata({
  title: '创始人',
  description: '圣爱中医创始人刘德安：三十年中医临床与传承，创立让百姓就近看好中医的连锁中医馆。',
  path: routes.aboutDirector(),
});

export default async function AboutDirectorPage() {
  const banner = await getBanner('about');
  return (
    <SectionLayout
      title="创始人"
      subtitle="大医精诚 · 仁心仁术"
      bannerImage={banner?.image}
      crumbs={[
        { name: '首页', path: routes.home() },
        { name: '关于我们', path: routes.aboutHospital() },
        { name: '创始人', path: routes.aboutDirector() },
      ]}
      sidebar={sectionSidebar('关于我们')}
      currentHref={routes.aboutDirector()}
    >
      <article className="flex gap-10 rounded-xl border border-stone-200 bg-white p-8 shadow-sm">
        <figure className="w-64 shrink-0">
          <StaticImage
            src="/images/about/director.svg"
            alt="圣爱中医创始人刘德安的肖像插画"
            width={600}
            height={750}
            className="w-full rounded-lg border border-stone-200"
          />
          <figcaption className="mt-2 text-center text-sm text-stone-600">创始人、董事长 刘德安</figcaption>
        </figure>
        <div className="space-y-4 leading-8 text-stone-700">
          <h2 className="text-2xl font-bold text-stone-900">刘德安</h2>
          <p className="text-brand-700">主任中医师 · 云南圣爱中医馆集团创始人、董事长</p>
          <p>
            刘德安出身中医世家，自幼随祖父侍诊抄方，毕业于中医药大学中医学专业，从事中医临床工作三十余年，擅长运用经方治疗脾胃病、失眠及妇科杂病。
          </p>
          <p>
            2009年，他在昆明开设第一家圣爱中医门诊，提出“让百姓就近看好中医”的理念：在社区身边开诊所，请好医生坐诊，用道地药材、守规范诊疗，让中医服务看得见、信得过、用得起。
          </p>
          <p>
            在他的带领下，圣爱中医从一间诊室发展为覆盖云南各州市、延伸至贵州和四川的连锁中医馆集团，建成名医工作室传承体系，自主研发医疗ERP系统，并于2018年发起成立圣爱公益基金会，长期开展乡村义诊与爱心助学。
          </p>
          <blockquote className="border-l-4 border-gold-400 bg-brand-50 px-5 py-3 text-stone-800">
            “医者的本分，是把病人放在心上。中医的根在百姓身边，我们就要把诊所开到百姓家门口。”
          </blockquote>
        </div>
      </article>
    </SectionLayout>
  );
}
