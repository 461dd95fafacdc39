import type { Metadata } from 'next';
import { StaticImage } from '@/components/ui/static-image';
import { notFound } from 'next/navigation';
import { MemberPointsBadge } from '@/components/points/member-points';
import { PointsExchangeDialog } from '@/components/points/points-exchange-dialog';
import { PointsValue } from '@/components/points/points-value';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { JsonLd } from '@/components/seo/json-ld';
import { getPointsGoods } from '@/lib/api/points';
import { formatPoints } from '@/lib/format';
import { routes } from '@/lib/routes';
import { htmlToText, sanitizeArticleHtml } from '@/lib/sanitize';
import { single, type SearchParams } from '@/lib/url-params';
import { goodsCard } from '@/lib/share-card/content';
import { absoluteUrl, pageMetadata, summarize } from '@/lib/seo';
import { loadMemberPoints } from '@/components/points/load-member-points';
import { SanitizedHtml } from '@/components/ui/sanitized-html';
import { isGoodsSn } from '@/lib/contract';

type Props = { searchParams: Promise<SearchParams> };

async function load(searchParams: Promise<SearchParams>) {
  const sn = single((await searchParams).sn, 32);
  if (!sn || !isGoodsSn(sn)) return null;
  return getPointsGoods(sn);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const goods = await load(searchParams);
  if (!goods) return { title: '商品不存在' };
  return pageMetadata({
    title: goods.name,
    description: summarize(`${goods.name}：${formatPoints(goods.points)}积分兑换。${htmlToText(goods.descriptionHtml)}`),
    path: routes.productDetails(goods.sn),
    card: goodsCard(goods),
  });
}

export default async function ProductDetailsPage({ searchParams }: Props) {
  const goods = await load(searchParams);
  if (!goods) notFound();
  const points = await loadMemberPoints();
  const path = routes.productDetails(goods.sn);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '积分商城', path: routes.onlineMall() },
          { name: goods.name, path },
        ]}
      />
      <article className="grid grid-cols-[440px_1fr] gap-10 rounded-2xl border border-stone-200 bg-white p-8">
        <div className="relative aspect-square overflow-hidden rounded-xl bg-stone-100">
          <StaticImage src={goods.image} alt={goods.name} fill className="object-cover" priority />
        </div>
        <div className="flex flex-col">
          <p className="text-sm text-jade-700">{goods.category}</p>
          <h1 className="mt-2 text-2xl font-bold text-stone-900">{goods.name}</h1>
          <p className="mt-3 text-stone-600">{goods.summary}</p>
          <dl className="mt-6 grid grid-cols-[6rem_1fr] gap-y-3 rounded-xl bg-brand-50 p-5">
            <dt className="text-stone-600">兑换积分</dt>
            <dd>
              <PointsValue points={goods.points} className="text-3xl font-bold text-brand-700" />
            </dd>
            <dt className="text-stone-600">参考价</dt>
            <dd className="text-stone-700">￥{goods.marketPrice}</dd>
            <dt className="text-stone-600">库存</dt>
            <dd className="text-stone-700" data-testid="goods-stock">
              {goods.stock > 0 ? `${goods.stock} 件` : '已兑完'}
            </dd>
            <dt className="text-stone-600">已兑换</dt>
            <dd className="text-stone-700">{goods.exchangedCount} 件</dd>
          </dl>
          <div className="mt-6">
            <MemberPointsBadge initial={points} />
          </div>
          <div className="mt-auto pt-6">
            <PointsExchangeDialog
              item={{ sn: goods.sn, name: goods.name, points: goods.points, stock: goods.stock, image: goods.image }}
              initialPoints={points}
              loginHref={routes.loginDialog({ next: path })}
            />
          </div>
        </div>
      </article>
      <section aria-labelledby="desc-heading" className="rounded-2xl border border-stone-200 bg-white p-8">
        <h2 id="desc-heading" className="border-l-4 border-brand-700 pl-3 text-xl font-bold text-stone-900">
          商品详情
        </h2>
        <SanitizedHtml className="article-body mt-4 text-stone-800" html={sanitizeArticleHtml(goods.descriptionHtml)} />
      </section>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: goods.name,
          image: absoluteUrl(goods.image),
          description: goods.summary,
          sku: goods.sn,
          category: goods.category,
        }}
      />
    </div>
  );
}
