'use client';
/**
 * Reschedule a booking to another open period of the same doctor (RescheduleRegister through
 * rescheduleRegistrationAction; docs/api.md "HIS_Register booking"): the old number returns only when the
 * new one is held, so a refusal (the slot filled meanwhile, the cut-off passed) leaves the booking as it
 * was and says why. The chosen period stays chosen when it fails; the write is sent once and never retried.
 */
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useSubmission } from '@/components/ui/use-submission';
import { rescheduleRegistrationAction } from './actions';

export interface RescheduleOption {
  id: string;
  date: string;
  weekday: string;
  period: string;
  clinicName: string;
  remaining: number;
}

export function RescheduleForm({ registerNo, options }: { registerNo: string; options: RescheduleOption[] }) {
  const id = useId();
  const router = useRouter();
  const [chosen, setChosen] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { pending, run } = useSubmission((message) => setResult({ ok: false, message }), '网络异常，改约未完成，原预约保持不变');

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setResult({ ok: false, message: '请选择新的就诊时段' });
      return;
    }
    run(async () => {
      const r = await rescheduleRegistrationAction({ registerNo, scheduleId: chosen });
      if (r.ok) {
        setResult({ ok: true, message: r.message });
        setChosen('');
        router.refresh();
      } else {
        setResult({ ok: false, message: r.message });
      }
    });
  }

  if (options.length === 0) {
    return <p className="text-sm text-stone-600">该医生未来两周暂无其他可预约时段。</p>;
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">选择新的就诊时段（同一位医生）</legend>
        <div className="mt-3 grid grid-cols-2 gap-2 md:grid-cols-3">
          {options.map((o) => (
            <label
              key={o.id}
              htmlFor={`${id}-${o.id}`}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-stone-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input id={`${id}-${o.id}`} type="radio" name="scheduleId" value={o.id} checked={chosen === o.id} onChange={() => setChosen(o.id)} className="mt-1" />
              <span>
                <span className="font-medium text-stone-900">
                  {o.date} {o.weekday}
                </span>
                <span className="block text-stone-700">{o.period}</span>
                <span className="block text-xs text-stone-600">
                  {o.clinicName} · 剩余 {o.remaining}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={`rounded-md px-3 py-2 text-sm ${result.ok ? 'bg-jade-50 text-jade-700' : 'bg-brand-50 text-brand-800'}`}>
          {result.message}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-5 py-2 text-sm text-white hover:bg-brand-800 disabled:opacity-60">
        {pending ? '改约中…' : '确认改约'}
      </button>
    </form>
  );
}
