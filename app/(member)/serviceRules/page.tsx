import type { Metadata } from 'next';
import { AgreementList } from '@/components/members/agreement-list';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getAgreements } from '@/lib/api/agreements';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

export const metadata: Metadata = pageMetadata({
  title: '服务条款',
  description: '圣爱中医会员注册协议、隐私政策、积分规则与会员服务条款。',
  path: routes.serviceRules(),
});

export default async function ServiceRulesPage() {
  const agreements = await getAgreements();
  return (
    <>
      <PageHeader title="服务条款" subtitle="会员协议与服务规则" />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '会员服务', path: routes.memberServices() },
            { name: '服务条款', path: routes.serviceRules() },
          ]}
        />
        {agreements.length ? <AgreementList agreements={agreements} /> : <EmptyState title="暂无条款" />}
      </div>
    </>
  );
}
