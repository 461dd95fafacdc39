'use client';
/**
 * The review after the visit (TW_Evaluate/AddRegisterEvaluate through reviewVisitAction): 1 to 5 stars and
 * a text of 5–500 characters, once per booking. The same rules run here as the member types and on the
 * server (lib/validation/review-rules.ts); a failed submit keeps everything typed. Once sent, the doctor
 * page shows it marked 已就诊患者.
 */
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { fieldErrors } from '@/components/ui/field-errors';
import { useSubmission } from '@/components/ui/use-submission';
import { countChars } from '@/lib/validation/message-rules';
import { REVIEW_CONTENT_MAX, STAR_LABELS, validateReviewDraft, type ReviewDraft, type ReviewErrors } from '@/lib/validation/review-rules';
import { reviewVisitAction } from './actions';

const STARS = [1, 2, 3, 4, 5] as const;

export function ReviewForm({ registerNo, doctorName }: { registerNo: string; doctorName: string }) {
  const id = useId();
  const router = useRouter();
  const [draft, setDraft] = useState<ReviewDraft>({ stars: '', content: '' });
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { pending, run } = useSubmission((message) => setResult({ ok: false, message }), '网络异常，评价尚未提交，请稍后重试');

  function update(key: keyof ReviewDraft, value: string) {
    setDraft((d) => ({ ...d, [key]: value }));
    setResult(null);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = validateReviewDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setResult({ ok: false, message: '请检查标出的内容，评价尚未提交' });
      return;
    }
    run(async () => {
      const r = await reviewVisitAction({ registerNo, ...draft });
      if (r.ok) {
        setResult({ ok: true, message: r.message });
        router.refresh();
      } else {
        setResult({ ok: false, message: r.message });
        if (r.errors) setErrors(r.errors);
      }
    });
  }

  const { field, errorOf } = fieldErrors<keyof ReviewDraft>(id, errors, { alert: true });
  const chosen = Number(draft.stars) || 0;
  const count = countChars(draft.content.trim());

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset aria-describedby={errors.stars ? `${id}-stars-error` : undefined}>
        <legend className="text-sm font-medium text-stone-800">
          为{doctorName}医生评分 <span className="text-brand-700">*</span>
        </legend>
        <div className="mt-2 flex flex-wrap items-center gap-1">
          {STARS.map((n) => (
            <label key={n} htmlFor={`${id}-star-${n}`} className="cursor-pointer">
              <input
                id={`${id}-star-${n}`}
                type="radio"
                name="stars"
                value={n}
                checked={draft.stars === String(n)}
                onChange={() => update('stars', String(n))}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`block rounded px-0.5 text-3xl leading-none peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${n <= chosen ? 'text-amber-600' : 'text-stone-500'}`}
              >
                ★
              </span>
              <span className="sr-only">
                {n}星 {STAR_LABELS[n]}
              </span>
            </label>
          ))}
          <span className="ml-2 text-sm text-stone-700">{chosen ? `${chosen}星 · ${STAR_LABELS[chosen as 1 | 2 | 3 | 4 | 5]}` : '请选择'}</span>
        </div>
        {errorOf('stars')}
      </fieldset>
      <div>
        <label htmlFor={`${id}-content`} className="text-sm font-medium text-stone-800">
          评价内容 <span className="text-brand-700">*</span>
        </label>
        <textarea
          {...field('content')}
          rows={4}
          value={draft.content}
          onChange={(e) => update('content', e.target.value)}
          placeholder="说说医生的诊疗、沟通与疗效（5-500字）"
          className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-brand-700"
        />
        <p className="text-right text-xs text-stone-600">
          {count}/{REVIEW_CONTENT_MAX}
        </p>
        {errorOf('content')}
      </div>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={`rounded-md px-3 py-2 text-sm ${result.ok ? 'bg-jade-50 text-jade-700' : 'bg-brand-50 text-brand-800'}`}>
          {result.message}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className="rounded-md bg-jade-600 px-5 py-2 text-sm text-white hover:bg-jade-700 disabled:opacity-60">
        {pending ? '提交中…' : '提交评价'}
      </button>
    </form>
  );
}
