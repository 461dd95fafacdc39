import type { Metadata } from 'next';
import { foundationInfo } from '@/components/charity/foundation-info';
import { SectionLayout, sectionSidebar } from '@/components/news/section-layout';
import { getBanner } from '@/lib/api/news';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

/** SPEC §2 /foundationcont: how to reach the foundation and donate. */
export const metadata: Metadata = pageMetadata({
  title: '联系我们',
  description: `${foundationInfo.name}联系方式：地址、电话、邮箱与捐赠账户。`,
  path: routes.foundationContact(),
});

export default async function FoundationContactPage() {
  const banner = await getBanner('charity');
  const c = foundationInfo.contact;
  return (
    <SectionLayout
      title="联系我们"
      subtitle={foundationInfo.name}
      bannerImage={banner?.image}
      crumbs={[
        { name: '首页', path: routes.home() },
        { name: '圣爱公益', path: routes.foundation() },
        { name: '联系我们', path: routes.foundationContact() },
      ]}
      sidebar={sectionSidebar('圣爱公益')}
      currentHref={routes.foundationContact()}
    >
      <div className="grid grid-cols-2 gap-6">
        <section aria-labelledby="contact-title" className="rounded-xl border border-stone-200 bg-white p-8 shadow-sm">
          <h2 id="contact-title" className="text-xl font-bold text-stone-900">{foundationInfo.name}</h2>
          <address className="mt-4 space-y-3 not-italic text-stone-700">
            <p><span className="text-stone-600">地址：</span>{c.address}（邮编 {c.postcode}）</p>
            <p><span className="text-stone-600">电话：</span><a href={`tel:${c.phone.replace(/\s/g, '')}`} className="text-brand-700 underline">{c.phone}</a></p>
            <p><span className="text-stone-600">邮箱：</span><a href={`mailto:${c.email}`} className="text-brand-700 underline">{c.email}</a></p>
            <p><span className="text-stone-600">办公时间：</span>{c.hours}</p>
          </address>
        </section>
        <section aria-labelledby="donate-title" className="rounded-xl border border-jade-600/30 bg-jade-50 p-8">
          <h2 id="donate-title" className="text-xl font-bold text-jade-700">捐赠账户</h2>
          <dl className="mt-4 space-y-3 text-stone-800">
            <div><dt className="inline text-stone-600">户名：</dt><dd className="inline">{c.bank.name}</dd></div>
            <div><dt className="inline text-stone-600">开户行：</dt><dd className="inline">{c.bank.bankName}</dd></div>
            <div><dt className="inline text-stone-600">账号：</dt><dd className="inline font-mono">{c.bank.account}</dd></div>
          </dl>
          <p className="mt-4 text-sm text-stone-700">捐赠后请致电或发邮件告知捐赠人姓名与联系方式，以便开具公益事业捐赠票据。</p>
        </section>
      </div>
    </SectionLayout>
  );
}
