import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AskConversation } from '@/components/online/ask-conversation';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { PageHeader } from '@/components/ui/page-header';
import { getMyAsk } from '@/lib/api/ask';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { getSession, memberClient } from '@/lib/session';

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
 * One question: the asker only. A visitor, another member, an unknown number all get the same 404 (the host
 * answers the last two alike), so nothing tells a question exists; this page is no login redirect
 * (lib/routes.ts ASKER_ONLY_PAGE). Never cached, never in the sitemap.
 */
export default async function AskDetailPage({ params }: Props) {
  const no = await askNoOf(params);
  if (!no || !(await getSession())) notFound();
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
