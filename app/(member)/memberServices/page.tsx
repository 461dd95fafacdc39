import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { CardLevelCards } from '@/components/members/card-level-cards';
import { MemberRightCards } from '@/components/members/member-right-cards';
import { MemberRightsTable } from '@/components/members/member-rights-table';
import { SectionHeading } from '@/components/members/section-heading';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getMemberRights } from '@/lib/api/member-rights';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

export const metadata: Metadata = pageMetadata({
  title: '会员服务',
  description: '圣爱中医会员权益：普卡、银卡、金卡、钻石卡四个等级，消费积分、挂号优惠、优先就诊、生日礼遇、免费代煎等。',
  path: routes.memberServices(),
});

const SHORTCUTS = [
  { label: '积分兑换', hint: '用积分兑换好礼', href: routes.pointsExchange() },
  { label: '积分商城', hint: '浏览全部积分商品', href: routes.onlineMall() },
  { label: '客户留言', hint: '咨询与建议', href: routes.customerMessage() },
  { label: '服务条款', hint: '积分规则与协议', href: routes.serviceRules() },
];

export default async function MemberServicesPage() {
  const catalogue = await getMemberRights();
  return (
    <>
      <PageHeader title="会员服务" subtitle="会员权益 · 积分兑换 · 贴心服务" />
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '会员服务', path: routes.memberServices() },
          ]}
        />
        <nav aria-label="会员服务快捷入口">
          <ul className="grid grid-cols-4 gap-4">
            {SHORTCUTS.map((s) => (
              <li key={s.label}>
                <Link
                  href={s.href}
                  className="block rounded-xl border border-stone-200 bg-white p-5 transition hover:border-brand-600 hover:shadow-sm"
                >
                  <span className="block text-lg font-bold text-brand-700">{s.label}</span>
                  <span className="mt-1 block text-sm text-stone-600">{s.hint}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="levels-heading">
          <SectionHeading id="levels-heading" title="会员等级" hint="按年度消费积分自动升级" />
          <CardLevelCards levels={catalogue.levels} />
        </section>
        <section aria-labelledby="table-heading">
          <SectionHeading id="table-heading" title="等级权益对照" />
          <MemberRightsTable catalogue={catalogue} />
        </section>
        <section aria-labelledby="rights-heading">
          <SectionHeading id="rights-heading" title="权益说明" />
          <MemberRightCards rights={catalogue.rights} />
        </section>
      </div>
    </>
  );
}
