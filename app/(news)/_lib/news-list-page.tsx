import type { Metadata } from 'next';
import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Pagination } from '@/components/ui/pagination';
import { getBanner, getNewsCarousel, getNewsPage, getNewsYears } from '@/lib/api/news';
import type { BannerPlace } from '@/lib/news-types';
import { parseId, parsePage, parseYear, type SearchParams } from '@/lib/url-params';
import { getProvinces } from '@/lib/api/reference';
import type { ListQuery } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { NewsGrid, type NewsLayout } from '@/components/news/news-grid';
import { SectionLayout, sectionSidebar } from '@/components/news/section-layout';
import { sectionOf, typeCrumbs } from '@/components/news/sections';

export interface NewsListConfig {
  type: number;
  title: string;
  description: string;
  subtitle?: string;
  banner: BannerPlace;
  layout: NewsLayout;
  /** The list's route builder from lib/routes, so its links keep page and year in the URL. */
  href: (query?: ListQuery) => string;
  /** 圣爱动态: the year filter (GetyearList) and the news carousel (GetNewsCarouse). */
  withYears?: boolean;
  /** 圣爱动态: the province filter (GetNewList ProciceID; group-wide items always show). */
  withProvinces?: boolean;
  withCarousel?: boolean;
  pageSize?: number;
}

type Props = { searchParams: Promise<SearchParams> };

function readQuery(config: NewsListConfig, sp: SearchParams) {
  const page = parsePage(sp.page);
  const year = config.withYears ? parseYear(sp.year) : undefined;
  const province = config.withProvinces ? parseId(sp.province) : undefined;
  if (page === null || year === null || province === null) notFound();
  return { page, year, province };
}

/**
 * A news list route (圣爱动态, 企业文化, 成长, 视频, 荣誉, and the charity lists):
 * server-rendered, paged and filtered through the URL (?page=, ?year=).
 */
export function createNewsListPage(config: NewsListConfig) {
  const pageSize = config.pageSize ?? (config.layout === 'rows' ? 10 : 9);

  async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
    const { page, year, province } = readQuery(config, await searchParams);
    // A list shares the site's card (its banners are SVG, which previewers do not show).
    return pageMetadata({
      title: page > 1 ? `${config.title}（第${page}页）` : config.title,
      description: config.description,
      path: config.href({ province, year, page: page > 1 ? page : undefined }),
    });
  }

  async function NewsListPage({ searchParams }: Props) {
    const { page, year, province } = readQuery(config, await searchParams);
    const [list, banner, years, carousel, provinces] = await Promise.all([
      getNewsPage({ type: config.type, page, pageSize, year, provinceId: province }),
      getBanner(config.banner),
      config.withYears ? getNewsYears(config.type) : Promise.resolve([]),
      config.withCarousel && page === 1 && !year && !province ? getNewsCarousel() : Promise.resolve([]),
      config.withProvinces ? getProvinces() : Promise.resolve([]),
    ]);
    if (year !== undefined && !years.includes(year)) notFound();
    if (province !== undefined && !provinces.some((p) => p.id === province)) notFound();
    if (page > 1 && list.items.length === 0) notFound();
    const section = sectionOf(config.type);
    return (
      <SectionLayout
        title={config.title}
        subtitle={config.subtitle ?? banner?.subtitle}
        bannerImage={banner?.image}
        crumbs={typeCrumbs(config.type)}
        sidebar={sectionSidebar(section.label)}
        currentHref={config.href()}
      >
        {carousel.length > 0 ? (
          <section aria-label="要闻推荐" className="mb-8 grid grid-cols-3 gap-4">
            {carousel.map((s, i) => (
              <Link
                key={s.id}
                href={s.href || config.href()}
                className={`group relative block overflow-hidden rounded-xl bg-brand-800 ${i === 0 ? 'col-span-2 row-span-2 aspect-[16/10]' : 'aspect-[16/10]'}`}
              >
                <StaticImage src={s.image} alt="" fill className="object-cover transition group-hover:scale-105" />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent p-4 pt-10 font-medium text-white">
                  {s.title}
                </span>
              </Link>
            ))}
          </section>
        ) : null}
        {config.withProvinces && provinces.length > 0 ? (
          <div className="mb-3">
            <FilterTabs
              label="地区"
              options={[{ value: '', label: '全部' }, ...provinces.map((p) => ({ value: String(p.id), label: p.name }))]}
              current={province ? String(province) : ''}
              hrefFor={(v) => config.href({ province: v || undefined, year })}
            />
          </div>
        ) : null}
        {config.withYears && years.length > 0 ? (
          <div className="mb-6">
            <FilterTabs
              label="年份"
              options={[{ value: '', label: '全部' }, ...years.map((y) => ({ value: String(y), label: `${y}年` }))]}
              current={year ? String(year) : ''}
              hrefFor={(v) => config.href({ province, year: v || undefined })}
            />
          </div>
        ) : null}
        {list.items.length === 0 ? (
          <EmptyState title="暂无内容" hint="该栏目暂时没有文章，请稍后再来看看。" />
        ) : (
          <NewsGrid items={list.items} layout={config.layout} />
        )}
        <Pagination
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          hrefFor={(p) => config.href({ province, year, page: p > 1 ? p : undefined })}
        />
      </SectionLayout>
    );
  }

  return { generateMetadata, NewsListPage };
}
