'use client';
/**
 * Pay one unpaid booking (PayRegister through payRegistrationAction). The
 * button is disabled while the payment is under way, so it is sent once;
 * success shows SPEC §8 支付成功.
 */
import { useActionState, useEffect } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { payRegistrationAction, type BookingActionResult } from './actions';
import { formatYuan } from '@/lib/fees';
import { TimeLeft } from './time-left';

export function PayForm({
  registerNo,
  amount,
  deadline,
  onPaid,
  simulated = false,
}: {
  registerNo: string;
  /** What is paid (yuan, to the fen): the registration's amount after the member discount. */
  amount: number;
  deadline: string;
  /** A simulated payment (PAYMENT_PROVIDER=simulated): the button says so, and that nothing is charged. */
  simulated?: boolean;
  /** Called after a successful payment; by default the page refreshes. */
  onPaid?: (state: Extract<BookingActionResult, { ok: true }>) => void;
}) {
  // The page the form posts to before the script has loaded: never an empty action attribute (Nu HTML checker).
  const permalink = usePathname();
  const [state, action, pending] = useActionState<BookingActionResult | null, FormData>(payRegistrationAction, null, permalink);
  const router = useRouter();
  useEffect(() => {
    if (!state?.ok) return;
    if (onPaid) onPaid(state);
    else router.refresh();
  }, [state, onPaid, router]);
  if (state?.ok) {
    return (
      <p role="status" className="font-medium text-jade-700">
        {state.message}
      </p>
    );
  }
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="registerNo" value={registerNo} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-brand-700 px-3 py-1 text-sm text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {pending ? '支付中…' : `${simulated ? '模拟支付' : '支付'} ￥${formatYuan(amount)}`}
      </button>
      {simulated ? <span className="text-xs text-stone-600">演示环境，不会实际扣款</span> : null}
      {deadline ? <TimeLeft deadline={deadline} /> : null}
      {state?.ok === false ? (
        <span role="alert" className="w-full text-sm text-brand-700">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
