import type { Metadata } from 'next';
import { ListSearchBox } from '@/components/doctors/search-box';
import { QuestionList } from '@/components/online/question-list';
import { questionFilterState, type QuestionFilterState } from '@/components/online/question-params';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { getQuestionPage } from '@/lib/api/online';
import { QUESTION_TYPES, REPLY_FILTERS } from '@/lib/constants';
import { parsePage, parseKeyword, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';

export const metadata: Metadata = pageMetadata({
  title: '在线问答',
  description: '圣爱中医医生在线解答患者问题：按公开、私密问题与回复状态筛选，查看医生的专业回复。',
  path: routes.onlineQuestions(),
});

/** Online questions (SPEC §2): SPEC §9 type and reply filters, keyword, pages; state in the URL. */
export default async function OnlineQuestionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const f = questionFilterState(sp);
  const keyword = parseKeyword(sp.q, 200)?.slice(0, 50) ?? '';
  const page = parsePage(sp.page, 1000) ?? 1;
  const result = await getQuestionPage({ type: f.type, reply: f.reply, keyword, page });
  const href = (next: Partial<QuestionFilterState> & { page?: number }) =>
    routes.onlineQuestions({ type: next.type ?? f.type, reply: next.reply ?? f.reply, q: keyword || undefined, page: next.page && next.page > 1 ? next.page : undefined });
  return (
    <>
      <PageHeader title="在线问答" subtitle="看诊服务 · 名医在线解答" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Breadcrumbs crumbs={[{ name: '首页', path: routes.home() }, { name: '在线问答', path: routes.onlineQuestions() }]} />
        <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
          <FilterTabs label="问题类型" options={QUESTION_TYPES} current={f.type} hrefFor={(v) => href({ type: v as QuestionFilterState['type'] })} />
          <FilterTabs label="回复状态" options={REPLY_FILTERS} current={f.reply} hrefFor={(v) => href({ reply: v as QuestionFilterState['reply'] })} />
          <ListSearchBox action={routes.onlineQuestions()} keyword={keyword} label="搜索问题" placeholder="症状或问题关键词" hidden={{ type: f.type, reply: f.reply }} />
        </div>
        <h2 className="text-lg font-semibold text-stone-800">共 {result.total} 个问题</h2>
        <QuestionList page={result} hrefForPage={(p) => href({ page: p })} />
      </div>
    </>
  );
}
