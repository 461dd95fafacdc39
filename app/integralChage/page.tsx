import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ExchangeSteps } from '@/components/points/exchange-steps';
import { GoodsBrowser } from '@/components/points/goods-browser';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { routes } from '@/lib/routes';
import type { SearchParams } from '@/lib/search-params';
import { pageMetadata } from '@/lib/seo';
import { goodsListQuery, loadGoodsList } from '../onlineMall/goods-list';

export const metadata: Metadata = pageMetadata({
  title: '积分兑换',
  description: '圣爱中医会员积分兑换：登录后用消费积分兑换养生礼品与门诊服务，兑换后积分即时扣除。',
  path: routes.pointsExchange(),
});

export default async function PointsExchangePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const loaded = await loadGoodsList(await searchParams);
  if (!loaded) notFound();
  return (
    <>
      <PageHeader title="积分兑换" subtitle="消费得积分，积分换健康" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '会员服务', path: routes.memberServices() },
            { name: '积分兑换', path: routes.pointsExchange() },
          ]}
        />
        <ExchangeSteps />
        <GoodsBrowser data={loaded.data} state={loaded.state} hrefFor={(s) => routes.pointsExchange(goodsListQuery(s))} />
      </div>
    </>
  );
}
