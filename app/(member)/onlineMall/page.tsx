import { Link } from '@/components/ui/link';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GoodsBrowser } from '@/components/points/goods-browser';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { routes } from '@/lib/routes';
import type { SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';
import { goodsListQuery, loadGoodsList } from '../_lib/goods-list';

export const metadata: Metadata = pageMetadata({
  title: '积分商城',
  description: '圣爱中医积分商城：养生保健、道地药材、理疗器具与门诊服务，会员积分即可兑换。',
  path: routes.onlineMall(),
});

export default async function OnlineMallPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const loaded = await loadGoodsList(await searchParams);
  if (!loaded) notFound();
  return (
    <>
      <PageHeader title="积分商城" subtitle="会员积分兑换养生好礼与门诊服务" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '会员服务', path: routes.memberServices() },
            { name: '积分商城', path: routes.onlineMall() },
          ]}
        />
        <p className="text-right text-sm">
          {/* Login-required (SPEC §2): a visitor's prefetch would only be redirected to the 请先登录 flow. */}
          <Link href={routes.exchangeRecords()} prefetch={false} className="text-brand-700 hover:underline">
            我的兑换记录 ›
          </Link>
        </p>
        <GoodsBrowser data={loaded.data} state={loaded.state} hrefFor={(s) => routes.onlineMall(goodsListQuery(s))} />
      </div>
    </>
  );
}
