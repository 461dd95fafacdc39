import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MessageCentre } from '@/components/messages/message-centre';
import { routes } from '@/lib/routes';
import type { SearchParams } from '@/lib/url-params';
import { pageMetadata } from '@/lib/seo';
import { loadMessageCentre } from '../_lib/message-centre-data';

export const metadata: Metadata = pageMetadata({
  title: '客户留言',
  description: '圣爱中医客户留言：就诊咨询、预约挂号、会员积分、药品配送等问题，客服3个工作日内答复。',
  path: routes.customerMessage(),
});

export default async function CustomerMessagePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const data = await loadMessageCentre(1, await searchParams);
  if (!data) notFound();
  return (
    <MessageCentre
      kind={1}
      sources={data.sources}
      history={data.history}
      loginHref={routes.loginDialog({ next: routes.customerMessage() })}
      hrefFor={(page) => routes.customerMessage({ page: page > 1 ? page : undefined })}
    />
  );
}
