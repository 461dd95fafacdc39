'use client';
/**
 * The 中医体质辨识 questionnaire (docs/constitution.md): a plain server-rendered <form> that posts to
 * constitutionAction and works without JavaScript (React's form action with a permalink: the page answers the
 * post with the result, or with the form as it was and the missing questions named). With JavaScript it adds
 * the progress, hides the other sex's item and keeps the answers in this browser (localStorage) until they are
 * sent, so a reload or a closed tab resumes where it stopped.
 */
import { usePathname } from 'next/navigation';
import { startTransition, useActionState, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { CONSTITUTION_ITEMS, GRADES, SEX_NAMES, itemsFor, type ConstitutionItem, type Grade, type Sex } from '@/lib/constitution/items';
import type { Answers } from '@/lib/constitution/scoring';
import { constitutionAction, type ConstitutionActionResult } from './actions';
import type { ConstitutionGuides } from './guide-types';
import { ConstitutionResultView, type ResultLinks } from './result-view';

/** Where the unsent answers wait in this browser (docs/constitution.md "Resume"). */
export const DRAFT_KEY = 'shengai.tizhi.draft.v1';

interface Draft {
  sex: Sex | null;
  answers: Partial<Answers>;
}

const EMPTY: Draft = { sex: null, answers: {} };
const TOTAL = 60;

/**
 * The unsent answers live in this browser's localStorage (or, where storage is refused, in memory): the form
 * reads them as an external store, so the server's HTML (no draft) and the browser's agree at hydration.
 */
const listeners = new Set<() => void>();
let memory: string | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DRAFT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function storedDraft(): string | null {
  try {
    return window.localStorage.getItem(DRAFT_KEY);
  } catch {
    return memory;
  }
}

function writeDraft(draft: Draft | null) {
  memory = draft ? JSON.stringify(draft) : null;
  try {
    if (memory) window.localStorage.setItem(DRAFT_KEY, memory);
    else window.localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage refused (private mode, full): the answers stay in memory; only resuming after a reload is lost.
  }
  for (const listener of listeners) listener();
}

function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { sex?: unknown; answers?: Record<string, unknown> };
    const sex = parsed.sex === 'female' || parsed.sex === 'male' ? parsed.sex : null;
    const answers: Partial<Answers> = {};
    for (const item of CONSTITUTION_ITEMS) {
      const g = parsed.answers?.[item.id];
      if (typeof g === 'number' && g >= 1 && g <= 5 && Number.isInteger(g)) answers[item.id] = g as Grade;
    }
    return sex || Object.keys(answers).length ? { sex, answers } : null;
  } catch {
    return null;
  }
}

/** The number each item shows: the two sex-specific items of 湿热质 share one, so both sexes count to 60. */
function itemNumbers(): Map<string, number> {
  const numbers = new Map<string, number>();
  let n = 0;
  let previous: ConstitutionItem | null = null;
  for (const item of CONSTITUTION_ITEMS) {
    if (!(item.onlyFor && previous?.onlyFor && previous.onlyFor !== item.onlyFor)) n += 1;
    numbers.set(item.id, n);
    previous = item;
  }
  return numbers;
}

const NUMBERS = itemNumbers();

export function ConstitutionQuestionnaire({ guides, links }: { guides: ConstitutionGuides; links: ResultLinks }) {
  // The page the form posts to before the script has loaded (and without it): never an empty action attribute.
  const permalink = usePathname();
  const [state, formAction, pending] = useActionState<ConstitutionActionResult | null, FormData>(constitutionAction, null, permalink);
  const echo = state && !state.ok ? state : null;
  const raw = useSyncExternalStore(subscribe, storedDraft, () => null);
  const kept = useMemo(() => parseDraft(raw), [raw]);
  // What the form shows: this browser's answers, else what a post echoed (the no-JavaScript path), else none.
  const draft: Draft = kept ?? (echo ? { sex: echo.sex ?? null, answers: echo.answers ?? {} } : EMPTY);
  const [edited, setEdited] = useState(false);
  // Answers found on arrival, before any answer on this visit: say they were resumed.
  const resumed = Boolean(kept) && !edited && !echo;

  // Sent and scored: the browser's copy has done its work.
  useEffect(() => {
    if (state?.ok) writeDraft(null);
  }, [state]);

  if (state?.ok) return <ConstitutionResultView scored={state} guides={guides} links={links} formAction={formAction} pending={pending} />;

  const update = (next: Draft) => {
    setEdited(true);
    writeDraft(next);
  };
  const shown = draft.sex ? itemsFor(draft.sex) : CONSTITUTION_ITEMS;
  const answered = (draft.sex ? itemsFor(draft.sex) : itemsFor('female')).filter((item) => draft.answers[item.id]).length;
  const missing = new Set((echo?.missing ?? []).filter((m) => !draft.answers[m.id]).map((m) => m.id));
  const sexMissing = Boolean(echo && !echo.sex && !draft.sex);

  return (
    <form
      action={formAction}
      // With the script, the post is dispatched here so that React does not reset the form afterwards: a reset
      // would clear the radios of a form sent back with a missing question, while their state still says
      // answered. Without the script the browser posts the form itself (the action above).
      onSubmit={(event) => {
        event.preventDefault();
        const formData = new FormData(event.currentTarget, event.nativeEvent.submitter);
        startTransition(() => formAction(formData));
      }}
      noValidate
      className="space-y-6"
      aria-describedby="tizhi-how"
    >
      <input type="hidden" name="intent" value="score" />
      {echo ? (
        <div role="alert" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-800">
          <p className="font-semibold">{echo.message}</p>
          {echo.missing && echo.missing.length ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {echo.missing.map((m) => (
                <li key={m.id}>
                  <a href={`#${m.id}`} className="underline underline-offset-2">
                    第{m.number}题
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {resumed ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-jade-600/30 bg-jade-50 p-4 text-stone-800">
          <span>已为您恢复上次未提交的答题（保存在本浏览器中），可以接着作答。</span>
          <button
            type="button"
            onClick={() => update(EMPTY)}
            className="rounded-md border border-stone-300 bg-white px-3 py-1 text-stone-700 hover:border-brand-600 hover:text-brand-700"
          >
            清空重新作答
          </button>
        </div>
      ) : null}

      <fieldset
        id="sex"
        role="radiogroup"
        className="rounded-lg border border-stone-200 bg-white p-5"
        aria-invalid={sexMissing || undefined}
        aria-describedby={sexMissing ? 'sex-error' : undefined}
      >
        <legend className="px-1 text-lg font-semibold text-stone-900">第一步：您的性别</legend>
        <p className="mt-1 text-stone-600">有一道题男女不同，请先选择；性别只用于出题和计分，不会出现在任何网址中。</p>
        {sexMissing ? (
          <p id="sex-error" className="mt-2 text-brand-700">
            请选择性别
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-3">
          {(['female', 'male'] as const).map((sex) => (
            <label key={sex} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-4 py-2 has-[:checked]:border-jade-600 has-[:checked]:bg-jade-50">
              <input type="radio" name="sex" value={sex} checked={draft.sex === sex} onChange={() => update({ ...draft, sex })} className="size-5 accent-jade-600" />
              {SEX_NAMES[sex]}
            </label>
          ))}
        </div>
      </fieldset>

      <ol className="space-y-4" aria-label="体质辨识问题">
        {shown.map((item) => {
          const number = NUMBERS.get(item.id)!;
          const isMissing = missing.has(item.id);
          const note = item.onlyFor && !draft.sex ? `（限${SEX_NAMES[item.onlyFor]}性作答）` : '';
          return (
            <li key={item.id}>
              <fieldset
                id={item.id}
                role="radiogroup"
                className={`scroll-mt-4 scroll-mb-40 rounded-lg border bg-white p-4 ${isMissing ? 'border-brand-500' : 'border-stone-200'}`}
                aria-invalid={isMissing || undefined}
                aria-describedby={isMissing ? `${item.id}-error` : undefined}
              >
                <legend className="px-1 font-medium text-stone-900">
                  {number}. {item.text}
                  {note}
                </legend>
                {isMissing ? (
                  <p id={`${item.id}-error`} className="mt-1 text-brand-700">
                    此题未作答
                  </p>
                ) : null}
                <div className="mt-2 flex flex-wrap gap-2">
                  {GRADES.map((g) => (
                    <label
                      key={g.value}
                      className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 py-2 has-[:checked]:border-jade-600 has-[:checked]:bg-jade-50"
                    >
                      <input
                        type="radio"
                        name={item.id}
                        value={g.value}
                        checked={draft.answers[item.id] === g.value}
                        onChange={() => update({ ...draft, answers: { ...draft.answers, [item.id]: g.value } })}
                        // Room below for the sticky progress bar: a grade tabbed or scrolled to is never under it.
                        className="size-5 scroll-mb-40 accent-jade-600"
                      />
                      {g.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>

      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-4 rounded-lg border border-stone-200 bg-white/95 p-4 shadow">
        <div className="min-w-48 flex-1">
          <p id="tizhi-progress" className="text-stone-800">
            已答 <strong>{answered}</strong> / {TOTAL} 题{draft.sex ? '' : '，请先选择性别'}
          </p>
          <div
            role="progressbar"
            aria-labelledby="tizhi-progress"
            aria-valuemin={0}
            aria-valuemax={TOTAL}
            aria-valuenow={answered}
            className="mt-2 h-2 overflow-hidden rounded bg-stone-200"
          >
            <div className="h-full bg-jade-600" style={{ width: `${(answered / TOTAL) * 100}%` }} />
          </div>
        </div>
        <button
          type="submit"
          disabled={pending}
          className="min-h-11 rounded-md bg-brand-700 px-6 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {pending ? '正在计算…' : '提交，查看结果'}
        </button>
      </div>
    </form>
  );
}
