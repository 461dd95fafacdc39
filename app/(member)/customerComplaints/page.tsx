import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MessageCentre } from '@/components/messages/message-centre';
import { routes } from '@/lib/routes';
import type { SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';
import { loadMessageCentre } from '../_lib/message-centre-data';

export const metadata: Metadata = pageMetadata({
  title: '投诉建议',
  description: '圣爱中医投诉建议：服务态度、诊疗质量、候诊时间、收费与环境，我们认真核实、及时处理并回访。',
  path: routes.customerComplaints(),
});

export default async function CustomerComplaintsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const data = await loadMessageCentre(2, await searchParams);
  if (!data) notFound();
  return (
    <MessageCentre
      kind={2}
      sources={data.sources}
      history={data.history}
      loginHref={routes.loginDialog({ next: routes.customerComplaints() })}
      hrefFor={(page) => routes.customerComplaints({ page: page > 1 ? page : undefined })}
    />
  );
}
