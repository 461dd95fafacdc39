import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { DetailSection } from '@/components/doctors/doctor-profile';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { getQuestion } from '@/lib/api/online';
import { formatDate } from '@/lib/format';
import { parseCode } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata, summarize } from '@/lib/seo';

interface Props {
  params: Promise<{ code: string }>;
}

async function loadQuestion(params: Props['params']) {
  const code = parseCode((await params).code);
  return code ? getQuestion(code) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const q = await loadQuestion(params);
  if (!q) return { title: '问题不存在' };
  return pageMetadata({
    title: q.title,
    description: summarize(`${q.title} ${q.isPrivate ? '' : q.content} ${q.doctorName}${q.doctorTitle}回复：${q.isPrivate ? '' : q.reply}`, 150),
    path: routes.onlineQuestionDetail(q.code),
    type: 'article',
    noindex: q.isPrivate,
  });
}

/** One question and its reply (SPEC §2: GetIM_AskQuestionDetailByDoctorCode). Private ones show their title only. */
export default async function QuestionDetailPage({ params }: Props) {
  const q = await loadQuestion(params);
  if (!q) notFound();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '在线问答', path: routes.onlineQuestions() },
          { name: q.title, path: routes.onlineQuestionDetail(q.code) },
        ]}
      />
      <article className="rounded-lg border border-stone-200 bg-white p-6">
        <h1 className="text-2xl font-bold text-stone-900">{q.title}</h1>
        <p className="mt-2 flex flex-wrap gap-3 text-sm text-stone-600">
          <span>提问者：{q.askerName}</span>
          <time dateTime={q.createdAt}>{formatDate(q.createdAt)}</time>
          <span>{q.isPrivate ? '私密问题' : '公开问题'}</span>
          <span>{q.views} 次浏览</span>
        </p>
        <p className="mt-4 leading-8 text-stone-800">{q.content}</p>
      </article>
      <DetailSection id="reply" title={q.isReplied ? '医生回复' : '等待医生回复'}>
        <p className="mb-3 text-sm text-stone-600">
          <Link href={routes.onlineDoctorDetail(q.doctorCode)} className="font-medium text-brand-700 underline underline-offset-2 hover:decoration-2">
            {q.doctorName}
          </Link>{' '}
          {q.doctorTitle} · {q.department}
          {q.repliedAt ? <span className="ml-3">回复于 {formatDate(q.repliedAt)}</span> : null}
        </p>
        <p className="leading-8 text-stone-800">{q.isReplied ? q.reply : '医生尚未回复，通常会在24小时内作答。'}</p>
      </DetailSection>
      <p className="text-sm text-stone-600">温馨提示：在线解答仅供参考，不能替代医生面诊。</p>
    </div>
  );
}
