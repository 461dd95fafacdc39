import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { HeroCarousel } from '@/components/home/hero-carousel';
import { HomeSection } from '@/components/home/home-section';
import { NewsFeature } from '@/components/home/news-feature';
import { NoticeBar } from '@/components/home/notice-bar';
import { organizationJsonLd } from '@/components/home/organization-json-ld';
import { SocialMatrix } from '@/components/home/social-matrix';
import { NewsCard } from '@/components/news/news-card';
import { SiteFigures } from '@/components/news/site-figures';
import { ClinicResult } from '@/components/search/clinic-result';
import { SearchForm } from '@/components/search/search-form';
import { JsonLd } from '@/components/seo/json-ld';
import { getClinicPage } from '@/lib/api/clinics';
import { getDoctorPage } from '@/lib/api/doctors';
import { getHomeCarousel, getMatrix, getNewsPage, getNotices } from '@/lib/api/news';
import { getHotWords } from '@/lib/api/search';
import { getSiteFigures, getStyleDisplay, getThirdApps } from '@/lib/api/site-info';
import { DEFAULT_PROVINCE } from '@/lib/constants';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { siteConfig } from '@/lib/site-config';

/** SPEC §2 /: the home page, complete in the first HTML. */
export const metadata: Metadata = {
  ...pageMetadata({ title: siteConfig.title, description: siteConfig.description, path: routes.home() }),
  // The home page's title is the site title alone, not "<title> - <site title>".
  title: { absolute: siteConfig.title },
};

const MEMBER_TEASERS = [
  { title: '会员权益', text: '挂号优先、积分累计、专属健康顾问', href: routes.memberServices() },
  { title: '积分兑换', text: '积分兑换养生好礼与代煎服务', href: routes.pointsExchange() },
  { title: '积分商城', text: '道地药材、养生用品一站选购', href: routes.onlineMall() },
  { title: '客户留言', text: '您的意见，我们认真倾听', href: routes.customerMessage() },
] as const;

export default async function HomePage() {
  const [slides, notices, figures, style, news, science, charity, doctors, clinics, matrix, apps, hotWords] = await Promise.all([
    getHomeCarousel(),
    getNotices(6),
    getSiteFigures(),
    getStyleDisplay(),
    getNewsPage({ type: NEWS_TYPES.news, pageSize: 6 }),
    getNewsPage({ type: NEWS_TYPES.healthScience, pageSize: 3 }),
    getNewsPage({ type: NEWS_TYPES.charityActivity, pageSize: 3 }),
    getDoctorPage({ provinceId: DEFAULT_PROVINCE.id, sort: 'praise', pageSize: 4 }),
    getClinicPage({ provinceId: DEFAULT_PROVINCE.id, pageSize: 4 }),
    getMatrix(),
    getThirdApps(),
    getHotWords(8),
  ]);

  return (
    <div className={style.grayMode ? 'grayscale' : undefined}>
      <HeroCarousel slides={slides} />
      <NoticeBar notices={notices} />

      <section aria-label="站内搜索" className="mx-auto mt-8 max-w-6xl px-4">
        <div className="rounded-xl bg-white p-6 shadow-md">
          <SearchForm hotWords={hotWords.map((w) => w.word)} />
        </div>
      </section>

      <section aria-label="集团规模" className="mt-12 bg-gradient-to-r from-brand-800 to-brand-600 py-10">
        <div className="mx-auto max-w-6xl px-4">
          <p className="mb-6 text-center text-xl font-semibold tracking-widest text-white">{style.slogan || '让百姓就近看好中医'}</p>
          <SiteFigures figures={figures} tone="dark" />
        </div>
      </section>

      <HomeSection id="home-news" title="圣爱动态" subtitle="集团新闻与门诊资讯" moreHref={routes.news()}>
        <NewsFeature items={news.items} />
      </HomeSection>

      <HomeSection id="home-doctors" title="名医推荐" subtitle="好评医生，在线预约挂号" moreHref={routes.doctorList()}>
        <ul className="grid grid-cols-2 gap-5">
          {doctors.items.map((d) => (
            <li key={d.appointmentCode}>
              <DoctorCard doctor={d} />
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="home-clinics" title="就近门诊" subtitle="门诊遍布云南各州市" moreHref={routes.hospitalList()}>
        <ul className="grid grid-cols-2 gap-5">
          {clinics.items.map((c) => (
            <li key={c.code}>
              <ClinicResult clinic={c} />
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="home-members" title="会员服务" subtitle="注册会员，享受积分与专属服务" moreHref={routes.memberServices()}>
        <ul className="grid grid-cols-4 gap-5">
          {MEMBER_TEASERS.map((t) => (
            <li key={t.title}>
              <Link
                href={t.href}
                className="block h-full rounded-xl border border-gold-400/40 bg-gradient-to-br from-white to-brand-50 p-6 shadow-sm hover:border-brand-600 hover:shadow-md"
              >
                <span className="text-lg font-semibold text-brand-800">{t.title}</span>
                <span className="mt-2 block text-sm text-stone-600">{t.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="home-tizhi" title="中医体质辨识" subtitle="60道题，了解自己的体质" moreHref={routes.constitution()}>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-jade-600/30 bg-jade-50 p-6">
          <p className="max-w-2xl text-stone-800">
            依据中华中医药学会《中医体质分类与判定》标准自测：平和、气虚、阳虚、阴虚、痰湿、湿热、血瘀、气郁、特禀，九种体质各得几分，该怎么调养，可以找哪位医生。仅供参考，不能替代医生面诊。
          </p>
          <a href={routes.constitution()} className="rounded-md bg-jade-600 px-5 py-2 font-semibold text-white hover:bg-jade-700">
            开始体质辨识
          </a>
        </div>
      </HomeSection>

      <HomeSection id="home-science" title="健康科普" subtitle="中医专家讲养生" moreHref={routes.healthScience()}>
        <ul className="grid grid-cols-3 gap-6">
          {science.items.map((item) => (
            <li key={item.id} className="flex">
              <NewsCard item={item} />
            </li>
          ))}
        </ul>
      </HomeSection>

      {style.showCharity ? (
        <HomeSection id="home-charity" title="圣爱公益" subtitle="取之社会 回馈社会" moreHref={routes.foundation()}>
          <ul className="grid grid-cols-3 gap-6">
            {charity.items.map((item) => (
              <li key={item.id} className="flex">
                <NewsCard item={item} />
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      {style.showMatrix ? (
        <HomeSection id="home-matrix" title="新媒体矩阵" subtitle="扫码关注圣爱中医">
          <SocialMatrix groups={matrix} apps={apps} />
        </HomeSection>
      ) : null}

      <JsonLd data={organizationJsonLd()} />
    </div>
  );
}
