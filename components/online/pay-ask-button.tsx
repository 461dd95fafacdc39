'use client';
/**
 * Pay one unpaid question (PayAskQuestion through payAskAction): the button is disabled while the payment is
 * under way, so it is sent once (and the host pays a question once whatever is sent); success shows SPEC §8
 * 支付成功 and refreshes the page's state.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useSubmission } from '@/components/ui/use-submission';
import { formatDateTime } from '@/lib/format';
import { formatYuan } from '@/lib/fees';
import { payAskAction } from './actions';

export function PayAskButton({ askNo, fee, simulated, deadline }: { askNo: string; fee: number; simulated: boolean; deadline: string }) {
  const router = useRouter();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { pending, run } = useSubmission((message) => setResult({ ok: false, message }), '网络异常，支付未完成，请稍后重试');
  if (result?.ok) {
    return (
      <p role="status" className="font-medium text-jade-700">
        {result.message}，医生回复后将短信通知您
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          run(async () => {
            const r = await payAskAction({ askNo });
            setResult({ ok: r.ok, message: r.message });
            if (r.ok) router.refresh();
          })
        }
        className="rounded-md bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {pending ? '支付中…' : `${simulated ? '模拟支付' : '支付'} ￥${formatYuan(fee)}`}
      </button>
      {simulated ? <span className="text-xs text-stone-600">演示环境，不会实际扣款</span> : null}
      <span className="text-xs text-stone-600">请在 {formatDateTime(deadline)} 前支付</span>
      {result && !result.ok ? (
        <span role="alert" className="w-full text-sm text-brand-700">
          {result.message}
        </span>
      ) : null}
    </div>
  );
}
