'use client';
/**
 * Confirm a booking (BookRegister through bookSlotAction), then pay. The
 * idempotency key comes with the page and is kept for the life of the form, so
 * a double click or a resubmit books once; the button is disabled while the
 * request is under way. The form also says when the slot is full or closed:
 * a booking refreshes the page (the numbers change), and the receipt must stay
 * even when that booking took the last number.
 */
import { Link } from '@/components/ui/link';
import { useActionState, useCallback, useState } from 'react';
import { routes } from '@/lib/routes';
import { bookSlotAction, type BookingActionState } from './actions';
import { PayForm } from './pay-form';

export function BookingForm({
  scheduleId,
  idempotencyKey,
  bookState,
}: {
  scheduleId: string;
  idempotencyKey: string;
  bookState: 'open' | 'full' | 'closed';
}) {
  const [state, action, pending] = useActionState(bookSlotAction, { status: 'idle' } as BookingActionState);
  const [key] = useState(idempotencyKey);
  const [paidMessage, setPaidMessage] = useState<string | null>(null);
  const onPaid = useCallback((s: Extract<BookingActionState, { status: 'done' }>) => setPaidMessage(s.message), []);

  if (paidMessage) {
    return (
      <div role="status" className="rounded-lg border border-jade-600/30 bg-jade-50 p-4">
        <p className="text-lg font-semibold text-jade-700">{paidMessage}</p>
        <p className="mt-1 text-sm text-stone-700">预约成功，请按时到门诊就诊。</p>
        <Link href={routes.registrationRecords()} className="mt-3 inline-block text-brand-700 hover:underline">
          查看挂号记录
        </Link>
      </div>
    );
  }
  if (state.status === 'done') {
    const r = state.receipt;
    return (
      <div className="space-y-3 rounded-lg border border-gold-400 bg-amber-50 p-4">
        <p role="status" className="font-medium text-stone-900">
          {state.message}（预约单号 {r.registerNo}，状态：{r.statusName}）
        </p>
        {r.canPay ? (
          <PayForm registerNo={r.registerNo} fee={r.fee} deadline={r.payDeadline} onPaid={onPaid} simulated={r.simulatedPayment} />
        ) : (
          <Link href={routes.registrationRecords()} className="text-brand-700 hover:underline">
            查看挂号记录
          </Link>
        )}
        <p className="text-xs text-stone-600">逾期未支付，预约将自动取消，号源释放给其他患者。</p>
      </div>
    );
  }
  if (bookState !== 'open') {
    return (
      <p role="alert" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
        {bookState === 'full' ? '该时段已约满，请选择其他时段' : '该时段已停止预约，请选择其他时段'}
      </p>
    );
  }
  return (
    <form action={action} className="space-y-3">
      <input type="hidden" name="scheduleId" value={scheduleId} />
      <input type="hidden" name="idempotencyKey" value={key} />
      {state.status === 'error' ? (
        <p role="alert" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
          {state.message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-brand-700 px-6 py-2 text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {pending ? '正在提交…' : '确认预约'}
      </button>
    </form>
  );
}
