import type { Metadata } from 'next';
import { DetailSection } from '@/components/doctors/doctor-profile';
import { PriceItemTables, RegisterFeeTable } from '@/components/prices/price-tables';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Link } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import { getPriceList } from '@/lib/api/price-list';
import { discountText, MEMBER_LEVELS } from '@/lib/fees';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { externalLinks, siteConfig } from '@/lib/site-config';

export const metadata: Metadata = pageMetadata({
  title: '价格公示',
  description: '圣爱中医价格公示：按医生职称的挂号费，针灸、推拿、艾灸、拔罐、三伏贴、小儿推拿、中药代煎等常用诊疗项目价格，并附医疗服务价格的官方公示渠道。',
  path: routes.pricePublicity(),
});

/**
 * 价格公示 (SPEC §2 看诊服务's price publicity): the registration fee of each doctor's title and the common
 * treatment prices, as a page of the site (DD_DataBaseClient/GetPriceList), with the official link beside them.
 */
export default async function PricePublicityPage() {
  const prices = await getPriceList();
  return (
    <>
      <PageHeader title="价格公示" subtitle="看诊服务 · 挂号费与常用诊疗项目价格" />
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '价格公示', path: routes.pricePublicity() }]} />
        <DetailSection id="register-fees" title="挂号费">
          <RegisterFeeTable fees={prices.registerFees} />
          <p className="mt-4 text-sm text-stone-600">
            挂号费按坐诊医生的职称收取；会员另享挂号折扣（
            {MEMBER_LEVELS.map((l) => `${l.name}${discountText(l.registrationPercent)}`).join('、')}
            ，按账号持有人的会员等级计算，金额精确到分），预约挂号时页面先显示原价、折扣与应付金额再支付，详见
            <Link href={routes.memberServices()} className="text-brand-700 underline underline-offset-2">会员权益</Link>。
          </p>
        </DetailSection>
        <DetailSection id="treatment-prices" title="常用诊疗项目">
          <PriceItemTables items={prices.items} />
        </DetailSection>
        <section aria-labelledby="price-notes" className="rounded-lg border border-stone-200 bg-white p-6">
          <h2 id="price-notes" className="border-l-4 border-brand-700 pl-3 text-lg font-semibold text-stone-900">说明</h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-stone-800">
            <li>中药饮片按处方实际用量计价，收费清单逐项列明；医保支付按各地医保政策结算。</li>
            <li>各门诊在大厅公示同样的价格，如与门诊现场公示不一致，以门诊现场公示为准，并欢迎告诉我们。</li>
            <li>
              对收费有疑问，可拨打服务热线{siteConfig.contact.hotline}（{siteConfig.contact.hotlineHours}），或在
              <Link href={routes.customerComplaints()} className="text-brand-700 underline underline-offset-2">投诉建议</Link>中反映。
            </li>
          </ul>
          <p className="mt-5 text-stone-800">
            医疗服务价格由省医疗保障部门制定并公布：
            <a href={externalLinks.pricePublicity} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline underline-offset-2">
              医疗服务价格官方公示 ↗
            </a>
          </p>
        </section>
      </div>
    </>
  );
}
