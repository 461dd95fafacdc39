'use client';
/**
 * The message / complaint form (SPEC §2 member services): a category, an optional title, the
 * content with a live counter and limit, an optional contact phone. Inputs
 * are controlled, so a failed send keeps everything typed; only a success
 * clears them. The history below is server-rendered and refreshed after.
 */
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useSubmission } from '@/components/ui/use-submission';
import { LoginPromptLink } from '@/components/overlays/login-prompt-link';
import { fieldErrors } from '@/components/ui/field-errors';
import { sendMessageAction, type SendMessageResult } from './actions';
import type { MessageKind, MessageSource } from '@/lib/api/messages';
import {
  MESSAGE_CONTENT_MAX,
  MESSAGE_TITLE_MAX,
  countChars,
  validateMessageDraft,
  type MessageDraft,
  type MessageErrors,
} from '@/lib/validation/message-rules';

const EMPTY: MessageDraft = { sourceId: '', title: '', content: '', contactPhone: '' };

const inputCls =
  'mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-brand-700';

export function MessageForm({ kind, sources, loginHref }: { kind: MessageKind; sources: MessageSource[]; loginHref: string }) {
  const router = useRouter();
  const id = useId();
  const [draft, setDraft] = useState<MessageDraft>(EMPTY);
  const [errors, setErrors] = useState<MessageErrors>({});
  const [result, setResult] = useState<SendMessageResult | null>(null);
  const { pending, run } = useSubmission((message) => setResult({ ok: false, message }), '网络异常，请检查网络后重试');
  const noun = kind === 1 ? '留言' : '投诉建议';
  const count = countChars(draft.content);

  function update<K extends keyof MessageDraft>(key: K, value: string) {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = validateMessageDraft(draft, sources.map((s) => s.id));
    if (!checked.ok) {
      setErrors(checked.errors);
      setResult({ ok: false, message: '请检查标出的内容' });
      return;
    }
    run(async () => {
      const r = await sendMessageAction(kind, draft);
      setResult(r);
      if (r.ok) {
        setDraft(EMPTY);
        setErrors({});
        router.refresh();
      } else if (r.errors) {
        setErrors(r.errors);
      }
    });
  }

  const { field, errorOf } = fieldErrors<keyof MessageDraft>(id, errors);

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-xl border border-stone-200 bg-white p-6">
      <div>
        <label htmlFor={`${id}-sourceId`} className="text-sm font-medium text-stone-800">
          {kind === 1 ? '留言分类' : '投诉类别'} <span className="text-brand-700">*</span>
        </label>
        <select {...field('sourceId')} value={draft.sourceId} onChange={(e) => update('sourceId', e.target.value)} className={inputCls}>
          <option value="">请选择</option>
          {sources.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        {errorOf('sourceId')}
      </div>
      <div>
        <label htmlFor={`${id}-title`} className="text-sm font-medium text-stone-800">
          标题（选填）
        </label>
        <input
          {...field('title')}
          type="text"
          value={draft.title}
          maxLength={MESSAGE_TITLE_MAX * 2}
          onChange={(e) => update('title', e.target.value)}
          className={inputCls}
        />
        {errorOf('title')}
      </div>
      <div>
        <label htmlFor={`${id}-content`} className="text-sm font-medium text-stone-800">
          {noun}内容 <span className="text-brand-700">*</span>
        </label>
        <textarea
          {...field('content')}
          rows={6}
          value={draft.content}
          onChange={(e) => update('content', e.target.value)}
          className={inputCls}
          placeholder={kind === 1 ? '请描述您想咨询的问题，至少5个字' : '请描述您遇到的问题或建议，至少5个字'}
        />
        <div className="mt-1 flex justify-between text-sm">
          <span>{errorOf('content')}</span>
          <span id={`${id}-counter`} aria-live="polite" className={count > MESSAGE_CONTENT_MAX ? 'text-brand-700' : 'text-stone-600'}>
            {count}/{MESSAGE_CONTENT_MAX}
          </span>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-contactPhone`} className="text-sm font-medium text-stone-800">
          联系电话（选填）
        </label>
        <input
          {...field('contactPhone')}
          type="tel"
          inputMode="numeric"
          value={draft.contactPhone}
          onChange={(e) => update('contactPhone', e.target.value)}
          className={inputCls}
        />
        {errorOf('contactPhone')}
      </div>
      {result ? (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={`rounded-lg px-4 py-3 text-sm ${result.ok ? 'bg-jade-50 text-jade-700' : 'bg-brand-50 text-brand-700'}`}
        >
          {result.message}
          {!result.ok && result.sessionExpired ? (
            <>
              {' '}
              <LoginPromptLink href={loginHref} className="underline">
                去登录
              </LoginPromptLink>
              （已填写的内容会保留在本页）
            </>
          ) : null}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg bg-brand-700 px-8 py-2.5 font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
      >
        {pending ? '提交中…' : `提交${noun}`}
      </button>
    </form>
  );
}
