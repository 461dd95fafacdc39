import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AskConversation } from '@/components/online/ask-conversation';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getMyAsk } from '@/lib/api/ask';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';

interface Props {
  params: Promise<{ askNo: string }>;
}

const ASK_NO = /^Q\d{8}[0-9A-F]{10}$/;

async function askNoOf(params: Props['params']): Promise<string | null> {
  const raw = (await params).askNo;
  return ASK_NO.test(raw) ? raw : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const no = await askNoOf(params);
  return pageMetadata({ title: '问诊详情', path: no ? routes.askDetail(no) : routes.asks(), noindex: true });
}

/**
 * One question (login-required, under /dRecord/consultation): the asker only; another member's number, or one
 * that does not exist, is a 404 (the host answers both alike). Never cached, never in the sitemap.
 */
export default async function AskDetailPage({ params }: Props) {
  const no = await askNoOf(params);
  await requireMember(no ? routes.askDetail(no) : routes.asks());
  if (!no) notFound();
  const ask = await getMyAsk(await memberClient(), no);
  if (!ask) notFound();
  return (
    <>
      <PageHeader title="问诊详情" subtitle={`${ask.doctorName}${ask.doctorTitle} · ${ask.department}`} />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '个人中心', path: routes.userIndex() },
            { name: '我的问诊', path: routes.asks() },
            { name: '问诊详情', path: routes.askDetail(no) },
          ]}
        />
        <AskConversation ask={ask} />
      </div>
    </>
  );
}
