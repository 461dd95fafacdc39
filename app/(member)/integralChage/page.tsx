import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { LoginPromptLink } from '@/components/overlays/login-prompt-link';
import { ExchangeSteps } from '@/components/points/exchange-steps';
import { MemberPointsBadge } from '@/components/points/member-points';
import { GoodsBrowser } from '@/components/points/goods-browser';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { routes } from '@/lib/routes';
import type { SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';
import { goodsListQuery, loadGoodsList } from '../_lib/goods-list';
import { loadMemberPoints } from '@/components/points/load-member-points';

export const metadata: Metadata = pageMetadata({
  title: '积分兑换',
  description: '圣爱中医会员积分兑换：登录后用消费积分兑换养生礼品与门诊服务，兑换后积分即时扣除。',
  path: routes.pointsExchange(),
});

export default async function PointsExchangePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const loaded = await loadGoodsList(await searchParams);
  if (!loaded) notFound();
  const points = await loadMemberPoints();
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
        <div className="flex items-center justify-between rounded-xl border border-gold-400/60 bg-white px-6 py-4">
          {points === null ? (
            <p className="text-stone-700">登录后可查看可用积分并兑换商品。</p>
          ) : (
            <MemberPointsBadge initial={points} label="我的可用积分" />
          )}
          {points === null ? (
            <LoginPromptLink href={routes.loginDialog({ next: routes.pointsExchange() })} className="rounded-lg bg-brand-700 px-5 py-2 text-white hover:bg-brand-800">
              登录查看积分
            </LoginPromptLink>
          ) : (
            <Link href={routes.serviceRules()} className="text-sm text-brand-700 underline">
              积分规则
            </Link>
          )}
        </div>
        <ExchangeSteps />
        <GoodsBrowser data={loaded.data} state={loaded.state} hrefFor={(s) => routes.pointsExchange(goodsListQuery(s))} />
      </div>
    </>
  );
}
