'use client';
/**
 * The member's one follow-up (AddAskFollowUp through followUpAskAction) and the rating once answered
 * (RateAskQuestion through rateAskAction: 满意/一般/不满意 with optional words). A failed submit keeps what was
 * typed; the rules are those of lib/validation/ask-rules.ts, checked again on the server.
 */
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useSubmission } from '@/components/ui/use-submission';
import { formatDateTime } from '@/lib/format';
import { ASK_RULES, ASK_SATISFACTION_NAMES, askTextProblem } from '@/lib/validation/ask-rules';
import { countChars } from '@/lib/validation/message-rules';
import { followUpAskAction, rateAskAction } from './actions';

const TEXTAREA =
  'mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-brand-700';

function Result({ result }: { result: { ok: boolean; message: string } | null }) {
  if (!result) return null;
  return (
    <p role={result.ok ? 'status' : 'alert'} className={`rounded-md px-3 py-2 text-sm ${result.ok ? 'bg-jade-50 text-jade-700' : 'bg-brand-50 text-brand-800'}`}>
      {result.message}
    </p>
  );
}

export function AskFollowUpForm({ askNo, until }: { askNo: string; until: string }) {
  const id = useId();
  const router = useRouter();
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { pending, run } = useSubmission((message) => setResult({ ok: false, message }), '网络异常，追问尚未提交，请稍后重试');
  const invalid = result && !result.ok;
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        const problem = askTextProblem(text.trim(), '追问内容', ASK_RULES.followUpMin, ASK_RULES.followUpMax);
        if (problem) return setResult({ ok: false, message: problem });
        run(async () => {
          const r = await followUpAskAction({ askNo, content: text });
          setResult({ ok: r.ok, message: r.message });
          if (r.ok) router.refresh();
        });
      }}
    >
      <label htmlFor={`${id}-follow`} className="text-sm font-medium text-stone-800">
        追问（可追问一次，{formatDateTime(until)} 前）
      </label>
      <textarea
        id={`${id}-follow`}
        rows={3}
        value={text}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-follow-count`}
        onChange={(e) => {
          setText(e.target.value);
          setResult(null);
        }}
        className={TEXTAREA}
      />
      <p id={`${id}-follow-count`} className="text-right text-xs text-stone-600">
        {countChars(text.trim())}/{ASK_RULES.followUpMax}
      </p>
      <Result result={result} />
      <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-5 py-2 text-sm text-white hover:bg-brand-800 disabled:opacity-60">
        {pending ? '提交中…' : '提交追问'}
      </button>
    </form>
  );
}

export function AskRatingForm({ askNo, doctorName }: { askNo: string; doctorName: string }) {
  const id = useId();
  const router = useRouter();
  const [satisfaction, setSatisfaction] = useState('');
  const [words, setWords] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { pending, run } = useSubmission((message) => setResult({ ok: false, message }), '网络异常，评价尚未提交，请稍后重试');
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!satisfaction) return setResult({ ok: false, message: '请选择满意、一般或不满意' });
        run(async () => {
          const r = await rateAskAction({ askNo, satisfaction: satisfaction as '1' | '2' | '3', words });
          setResult({ ok: r.ok, message: r.message });
          if (r.ok) router.refresh();
        });
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">
          对{doctorName}医生的回复是否满意 <span className="text-brand-700">*</span>
        </legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {([1, 2, 3] as const).map((n) => (
            <label key={n} className="flex items-center gap-2 text-sm text-stone-800">
              <input type="radio" name="satisfaction" value={n} checked={satisfaction === String(n)} onChange={() => setSatisfaction(String(n))} />
              {ASK_SATISFACTION_NAMES[n]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-words`} className="text-sm font-medium text-stone-800">
          评价内容（选填）
        </label>
        <textarea id={`${id}-words`} rows={2} value={words} onChange={(e) => setWords(e.target.value)} className={TEXTAREA} />
        <p className="text-right text-xs text-stone-600">
          {countChars(words.trim())}/{ASK_RULES.ratingWordsMax}
        </p>
      </div>
      <Result result={result} />
      <button type="submit" disabled={pending} className="rounded-md bg-jade-600 px-5 py-2 text-sm text-white hover:bg-jade-700 disabled:opacity-60">
        {pending ? '提交中…' : '提交评价'}
      </button>
    </form>
  );
}
