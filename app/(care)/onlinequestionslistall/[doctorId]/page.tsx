import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { QuestionList } from '@/components/online/question-list';
import { questionFilterState, type QuestionFilterState } from '@/components/online/question-params';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { getQuestionPage } from '@/lib/api/online';
import { QUESTION_TYPES, REPLY_FILTERS } from '@/lib/constants';
import { parsePage } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { loadDoctor, type DoctorIdPageProps } from '../../_lib/doctor-by-id';

type Props = DoctorIdPageProps;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const doctor = await loadDoctor(params);
  if (!doctor) return { title: '医生不存在' };
  return pageMetadata({
    title: `${doctor.name}的问答`,
    description: `${doctor.name}${doctor.title}（${doctor.department}）在线回答的患者问题。`,
    path: routes.doctorQuestions(doctor.doctorId),
  });
}

/** One doctor's questions (SPEC §2), with the SPEC §9 type and reply filters. */
export default async function DoctorQuestionsPage({ params, searchParams }: Props) {
  const doctor = await loadDoctor(params);
  if (!doctor) notFound();
  const sp = await searchParams;
  const f = questionFilterState(sp);
  const result = await getQuestionPage({ doctorId: doctor.doctorId, type: f.type, reply: f.reply, page: parsePage(sp.page, 1000) ?? 1 });
  const href = (next: Partial<QuestionFilterState> & { page?: number }) =>
    routes.doctorQuestions(doctor.doctorId, { type: next.type ?? f.type, reply: next.reply ?? f.reply, page: next.page && next.page > 1 ? next.page : undefined });
  return (
    <>
      <PageHeader title={`${doctor.name}的问答`} subtitle={`${doctor.title} · ${doctor.department} · ${doctor.clinicName}`} />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '在线问答', path: routes.onlineQuestions() },
            { name: doctor.name, path: routes.doctorQuestions(doctor.doctorId) },
          ]}
        />
        <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
          <FilterTabs label="问题类型" options={QUESTION_TYPES} current={f.type} hrefFor={(v) => href({ type: v as QuestionFilterState['type'] })} />
          <FilterTabs label="回复状态" options={REPLY_FILTERS} current={f.reply} hrefFor={(v) => href({ reply: v as QuestionFilterState['reply'] })} />
        </div>
        <h2 className="text-lg font-semibold text-stone-800">共 {result.total} 个问题</h2>
        <QuestionList page={result} hrefForPage={(p) => href({ page: p })} showDoctor={false} />
      </div>
    </>
  );
}
