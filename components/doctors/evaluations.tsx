import { Link } from '@/components/ui/link';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Pagination } from '@/components/ui/pagination';
import type { Evaluation, EvaluationRatio } from '@/lib/api/evaluations';
import type { Page } from '@/lib/api/types';
import { EVALUATION_CONTENT_FILTERS, EVALUATION_TYPES, SATISFACTION_FILTERS } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { routes } from '@/lib/routes';

/** The evaluation filters of SPEC §9 as they sit in the URL. */
export interface EvaluationFilterState {
  sat: '' | '1' | '2' | '3';
  etype: '' | '0' | '1';
  content: '' | '0' | '1';
}

/**
 * The ratio bar: satisfied rate and the counts behind it (GetEvaluateRatio). A page that already shows the rate
 * in its head (the doctor page) passes `rateShown={false}`: the bar then says how the figure is counted instead
 * of saying it a second time.
 */
export function EvaluationRatioBar({ ratio, rateShown = true }: { ratio: EvaluationRatio; rateShown?: boolean }) {
  const parts = [
    { label: '满意', value: ratio.satisfied, cls: 'bg-jade-600' },
    { label: '一般', value: ratio.average, cls: 'bg-gold-400' },
    { label: '不满意', value: ratio.dissatisfied, cls: 'bg-brand-600' },
  ];
  return (
    <div className="flex flex-wrap items-center gap-8 rounded-lg bg-brand-50 p-5">
      {rateShown ? (
        <div>
          <p className="text-sm text-stone-600">满意度</p>
          <p className="text-3xl font-bold text-brand-700">{ratio.satisfiedRate}%</p>
          <p className="text-sm text-stone-600">共 {ratio.total} 条评价</p>
        </div>
      ) : (
        <p className="w-full text-sm text-stone-600">
          满意度＝{ratio.total}条门诊评价中“满意”所占比例（含就诊后评价与系统默认好评）。
        </p>
      )}
      <dl className="grid flex-1 grid-cols-3 gap-4 text-sm">
        {parts.map((p) => (
          <div key={p.label}>
            <dt className="text-stone-600">{p.label}</dt>
            <dd className="mt-1 flex items-center gap-2">
              <span className="h-2 flex-1 rounded-full bg-stone-200">
                <span
                  className={`block h-2 rounded-full ${p.cls}`}
                  style={{ width: `${ratio.total ? Math.round((p.value / ratio.total) * 100) : 0}%` }}
                />
              </span>
              <span className="w-10 text-right font-medium text-stone-800">{p.value}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-600">
        人工评价 {ratio.manual} · 系统评价 {ratio.system} · 有内容 {ratio.withContent}
      </p>
    </div>
  );
}

/** The three SPEC §9 filters as links (state in the URL; works without JavaScript). */
export function EvaluationFilters({
  state,
  hrefFor,
}: {
  state: EvaluationFilterState;
  hrefFor: (next: EvaluationFilterState) => string;
}) {
  return (
    <div className="space-y-3">
      <FilterTabs label="满意度" options={SATISFACTION_FILTERS} current={state.sat} hrefFor={(v) => hrefFor({ ...state, sat: v as EvaluationFilterState['sat'] })} />
      <FilterTabs label="评价类型" options={EVALUATION_TYPES} current={state.etype} hrefFor={(v) => hrefFor({ ...state, etype: v as EvaluationFilterState['etype'] })} />
      <FilterTabs label="评价内容" options={EVALUATION_CONTENT_FILTERS} current={state.content} hrefFor={(v) => hrefFor({ ...state, content: v as EvaluationFilterState['content'] })} />
    </div>
  );
}

const BADGE: Record<1 | 2 | 3, string> = {
  1: 'bg-jade-50 text-jade-700',
  2: 'bg-amber-50 text-amber-800',
  3: 'bg-brand-50 text-brand-700',
};

export function EvaluationList({
  page,
  hrefForPage,
  showTarget = false,
}: {
  page: Page<Evaluation>;
  hrefForPage: (page: number) => string;
  /** Shows which doctor or clinic each evaluation is about (the all-evaluations page). */
  showTarget?: boolean;
}) {
  if (page.items.length === 0) return <EmptyState title="暂无符合条件的评价" hint="换个筛选条件看看" />;
  return (
    <>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {page.items.map((e) => (
          <li key={e.id} className="p-5">
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className="font-medium text-stone-800">{e.memberName}</span>
              <span className={`rounded px-2 py-0.5 ${BADGE[e.satisfaction]}`}>{e.satisfactionName}</span>
              <span className="rounded bg-stone-100 px-2 py-0.5 text-stone-700">{e.isSystem ? '系统评价' : '人工评价'}</span>
              {/* A review written after a booked visit (docs/api.md TW_Evaluate/AddRegisterEvaluate). */}
              {e.verified ? <span className="rounded bg-jade-50 px-2 py-0.5 text-jade-700">已就诊患者</span> : null}
              {e.stars ? (
                <span className="text-amber-700">
                  <span aria-hidden="true">{'★'.repeat(e.stars)}</span>
                  <span className="sr-only">{e.stars}星</span>
                </span>
              ) : null}
              {showTarget ? (
                <span className="text-stone-600">
                  {e.doctorCode ? (
                    <Link href={routes.doctorDetail(e.doctorCode)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
                      {e.doctorName}
                    </Link>
                  ) : null}
                  {e.doctorCode ? ' · ' : ''}
                  <Link href={routes.hospitalDetail(e.clinicCode)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
                    {e.clinicName}
                  </Link>
                </span>
              ) : null}
              <time className="ml-auto text-stone-600" dateTime={e.createdAt}>
                {formatDate(e.createdAt)}
              </time>
            </div>
            <p className="mt-2 text-stone-800">{e.content || (e.isSystem ? '患者未填写评价，系统默认好评。' : '患者未填写评价内容。')}</p>
            {e.tags.length ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {e.tags.map((t) => (
                  <li key={t} className="rounded-full border border-jade-600/30 px-2 py-0.5 text-xs text-jade-700">
                    {t}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} hrefFor={hrefForPage} />
    </>
  );
}
