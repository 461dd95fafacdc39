import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { after } from 'next/server';
import { PageHeader } from '@/components/ui/page-header';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchForm } from '@/components/search/search-form';
import {
  ClinicResults,
  DoctorResults,
  IllnessResults,
  NewsResults,
  QuestionResults,
  ResultGroup,
} from '@/components/search/search-results';
import { NoResults } from '@/components/search/no-results';
import { getClinicPage } from '@/lib/api/clinics';
import { getDoctorPage } from '@/lib/api/doctors';
import { getNewsPage } from '@/lib/api/news';
import { getQuestionPage } from '@/lib/api/online';
import { getIllnessPage } from '@/lib/api/specialties';
import { getHotWords, recordSearch } from '@/lib/api/search';
import { didYouMean, understand } from '@/lib/lay-terms';
import { DidYouMean, SearchReading } from '@/components/search/search-reading';
import { parsePage, parseKeyword, parseChoice, type SearchParams } from '@/lib/url-params';
import { routes } from '@/lib/routes';
import { requestClientIp } from '@/lib/session/client-ip';
import { pageMetadata } from '@/lib/seo';

/**
 * SPEC §2 /searchList?keyword=: site search over doctors, clinics, illnesses, the online Q&A and news
 * (docs/site-search.md), server-rendered and paged through the URL (?type=, ?page=), a count per kind, the
 * matched words marked, and hot words and departments when nothing matches. A new search records its
 * word (InsertHotWords) after the response.
 */
const SEARCH_TYPES = ['all', 'doctor', 'clinic', 'illness', 'question', 'news'] as const;
type SearchType = (typeof SEARCH_TYPES)[number];
const TYPE_LABELS: Record<SearchType, string> = {
  all: '全部',
  doctor: '医生',
  clinic: '门诊',
  illness: '疾病',
  question: '问答',
  news: '文章',
};
const PAGE_SIZE = 10;
const PREVIEW_SIZE = 4;
/** Fewer results than this is a thin result: 您是不是要找 offers nearer words. */
const THIN_RESULT = 3;

type Props = { searchParams: Promise<SearchParams> };

function readQuery(sp: SearchParams) {
  const keyword = parseKeyword(sp.keyword);
  const type = parseChoice(sp.type, SEARCH_TYPES);
  const page = parsePage(sp.page, 1000);
  if (type === null || page === null || Array.isArray(sp.keyword)) notFound();
  return { keyword, type, page };
}

const searchHref = (keyword: string, type: SearchType, page = 1) =>
  routes.search(keyword, { type: type === 'all' ? undefined : type, page: page > 1 ? page : undefined });

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { keyword } = readQuery(await searchParams);
  return pageMetadata({
    title: keyword ? `搜索：${keyword}` : '站内搜索',
    description: '搜索圣爱中医的医生、门诊、疾病专科、在线问答与文章。',
    path: routes.search(),
    // Result pages stay out of search engines; the canonical is the search page.
    noindex: Boolean(keyword),
  });
}

export default async function SearchPage({ searchParams }: Props) {
  const { keyword, type, page } = readQuery(await searchParams);
  const hotWords = await getHotWords(10);

  if (!keyword) {
    return (
      <>
        <PageHeader title="站内搜索" subtitle="搜索医生、门诊、疾病与文章" />
        <div className="mx-auto max-w-6xl px-4 py-8">
          <div className="rounded-xl bg-white p-6 shadow-sm">
            <SearchForm hotWords={hotWords.map((w) => w.word)} />
          </div>
          {keyword === null ? (
            <p role="alert" className="mt-6 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-800">
              搜索词无效：请输入不超过50个字符的关键词。
            </p>
          ) : (
            <div className="mt-8">
              <EmptyState title="请输入关键词开始搜索" hint="可以搜索医生姓名、门诊名称、疾病或文章标题，或点击上方的热门搜索。" />
            </div>
          )}
        </div>
      </>
    );
  }

  // Every kind is counted (the tabs show each count); the chosen kind is read a page at a time.
  const sizeOf = (t: SearchType) => (type === t ? PAGE_SIZE : type === 'all' ? PREVIEW_SIZE : 1);
  const pageOf = (t: SearchType) => (type === t ? page : 1);
  const [doctors, clinics, illnesses, questions, news] = await Promise.all([
    getDoctorPage({ keyword, page: pageOf('doctor'), pageSize: sizeOf('doctor') }),
    getClinicPage({ keyword, page: pageOf('clinic'), pageSize: sizeOf('clinic') }),
    // Each illness once, with the clinics that offer it.
    getIllnessPage({ keyword, page: pageOf('illness'), pageSize: sizeOf('illness'), distinct: true }),
    // Public questions only: a private question's text is its asker's.
    getQuestionPage({ keyword, type: '0', page: pageOf('question'), pageSize: sizeOf('question') }),
    getNewsPage({ keyword, page: pageOf('news'), pageSize: type === 'all' ? 5 : sizeOf('news') }),
  ]);
  const byType = { doctor: doctors, clinic: clinics, illness: illnesses, question: questions, news } as const;
  const shown = type === 'all' ? null : byType[type];
  if (shown && page > 1 && shown.items.length === 0) notFound();
  const counts: Record<SearchType, number> = {
    all: doctors.total + clinics.total + illnesses.total + questions.total + news.total,
    doctor: doctors.total,
    clinic: clinics.total,
    illness: illnesses.total,
    question: questions.total,
    news: news.total,
  };
  const inGroup = (t: SearchType) => type === 'all' || type === t;

  // A new search (not a further page or tab) counts for the hot words, after the response.
  if (type === 'all' && page === 1) {
    const visitorIp = (await requestClientIp()) ?? null;
    after(() => recordSearch(keyword, visitorIp));
  }

  const total = counts.all;
  // A patient's word or phrase is searched with what it means (lib/lay-terms/understand.ts): say so, lead to
  // the departments it names (挂什么科), and mark those words too. A keyword a doctor's name, 擅长 or 科室 holds
  // as typed is no pinyin or typo, as the backend reads it (keywordFindsDoctor): then the doctors listed hold it.
  const foundAsTyped = doctors.items.some((d) => [d.name, d.department, ...d.specialties].some((f) => f.includes(keyword)));
  const read = understand(keyword, { foundAsTyped: () => foundAsTyped });
  const marked = read.terms.join(' ');
  // 您是不是要找: on an empty or thin result, the nearest words of the same index.
  const suggestions = total < THIN_RESULT ? didYouMean(keyword) : [];
  return (
    <>
      <PageHeader title={`“${keyword}”的搜索结果`} subtitle={type === 'all' ? `共找到 ${total} 条相关结果` : `${TYPE_LABELS[type]} · ${counts[type]} 条`} />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <div className="rounded-xl bg-white p-6 shadow-sm">
          <SearchForm keyword={keyword} hotWords={hotWords.map((w) => w.word)} />
        </div>
        <SearchReading keyword={keyword} read={read} />
        <DidYouMean words={suggestions} />
        <div className="mt-6">
          <FilterTabs
            label="范围"
            options={SEARCH_TYPES.map((t) => ({ value: t, label: `${TYPE_LABELS[t]} (${counts[t]})` }))}
            current={type}
            hrefFor={(v) => searchHref(keyword, v as SearchType)}
          />
        </div>
        {total === 0 ? <NoResults keyword={keyword} hotWords={hotWords.map((w) => w.word)} /> : null}
        {total > 0 && inGroup('doctor') ? (
          <ResultGroup id="result-doctors" title="医生" total={doctors.total} moreHref={type === 'all' ? searchHref(keyword, 'doctor') : undefined}>
            <DoctorResults doctors={doctors.items} keyword={marked} />
          </ResultGroup>
        ) : null}
        {total > 0 && inGroup('clinic') ? (
          <ResultGroup id="result-clinics" title="门诊" total={clinics.total} moreHref={type === 'all' ? searchHref(keyword, 'clinic') : undefined}>
            <ClinicResults clinics={clinics.items} keyword={marked} />
          </ResultGroup>
        ) : null}
        {total > 0 && inGroup('illness') ? (
          <ResultGroup id="result-illnesses" title="疾病" total={illnesses.total} moreHref={type === 'all' ? searchHref(keyword, 'illness') : undefined}>
            <IllnessResults illnesses={illnesses.items} keyword={marked} />
          </ResultGroup>
        ) : null}
        {total > 0 && inGroup('question') ? (
          <ResultGroup id="result-questions" title="问答" total={questions.total} moreHref={type === 'all' ? searchHref(keyword, 'question') : undefined}>
            <QuestionResults questions={questions.items} keyword={marked} />
          </ResultGroup>
        ) : null}
        {total > 0 && inGroup('news') ? (
          <ResultGroup id="result-news" title="文章" total={news.total} moreHref={type === 'all' ? searchHref(keyword, 'news') : undefined}>
            <NewsResults news={news.items} keyword={marked} />
          </ResultGroup>
        ) : null}
        {shown ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={shown.total} hrefFor={(p) => searchHref(keyword, type, p)} />
        ) : null}
      </div>
    </>
  );
}
