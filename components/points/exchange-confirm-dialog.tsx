'use client';
/**
 * The confirmation of one exchange (SPEC §2 member services): the item, its cost and the
 * balance after. The button is disabled while pending and the write is never
 * retried. Afterwards the balance is set from the receipt (React Query
 * `setQueryData`), so every badge shows it at once without a request; the
 * action's updateTag re-renders the page (stock) in its own answer.
 */
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { StaticImage } from '@/components/ui/static-image';
import { useState } from 'react';
import { useSubmission } from '@/components/ui/use-submission';
import { LoginPromptLink } from '@/components/overlays/login-prompt-link';
import { exchangeGoodsAction, type ExchangeActionResult } from './actions';
import { formatPoints } from '@/lib/format';
import { queryKeys } from '@/components/ui/query-keys';
import { setFromWrite } from '@/components/ui/write-answer';
import type { ExchangeItem } from './exchange-item';

export function ExchangeConfirmDialog({
  item,
  idempotencyKey,
  current,
  loginHref,
  onClose,
}: {
  item: ExchangeItem;
  /** Made when the dialog opened: every submit of this dialog is the same order. */
  idempotencyKey: string;
  current: number;
  loginHref: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<ExchangeActionResult | null>(null);
  const { pending, run } = useSubmission(
    (message) => setOutcome({ ok: false, message }),
    '网络异常，请检查网络后重试（再次确认不会重复扣分）',
  );

  function exchange() {
    run(async () => {
      const result = await exchangeGoodsAction({ sn: item.sn, idempotencyKey });
      setOutcome(result);
      // The receipt (or the refusal) carries the balance: no second request for it.
      if (result.ok) await setFromWrite(queryClient, queryKeys.memberPoints, result.receipt.balance);
      else if (typeof result.balance === 'number') await setFromWrite(queryClient, queryKeys.memberPoints, result.balance);
      // The session is gone (SPEC §8): every per-person read is stale, the header's too.
      else if (result.sessionExpired) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    });
  }

  function close() {
    if (pending) return;
    onClose();
  }

  const after = current - item.points;
  const done = outcome?.ok === true;
  const short = after < 0;

  return (
    <Dialog open onClose={close} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-bold text-stone-900">{done ? '兑换成功' : '确认兑换'}</DialogTitle>
        <div className="mt-4 flex gap-4">
          <StaticImage src={item.image} alt="" width={88} height={88} className="h-22 w-22 rounded-lg object-cover" />
          <div className="min-w-0">
            <p className="font-medium text-stone-900">{item.name}</p>
            <p className="mt-1 text-sm text-stone-600">数量：1</p>
          </div>
        </div>
        {done && outcome.ok ? (
          <div role="status" className="mt-5 space-y-1 rounded-lg bg-jade-50 p-4 text-sm text-jade-700">
            <p className="font-medium">兑换成功，已扣除 {formatPoints(outcome.receipt.pointsSpent)} 积分。</p>
            <p>订单号：{outcome.receipt.orderNo}</p>
            <p>当前积分：{formatPoints(outcome.receipt.balance)}</p>
          </div>
        ) : (
          <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-stone-50 p-4 text-sm">
            <dt className="text-stone-600">所需积分</dt>
            <dd className="text-right font-medium text-brand-700">{formatPoints(item.points)} 积分</dd>
            <dt className="text-stone-600">当前积分</dt>
            <dd className="text-right">{formatPoints(current)} 积分</dd>
            <dt className="text-stone-600">兑换后余额</dt>
            <dd className={`text-right font-medium ${short ? 'text-brand-700' : 'text-jade-700'}`}>
              {short ? '积分不足' : `${formatPoints(after)} 积分`}
            </dd>
          </dl>
        )}
        {short && !done && !outcome ? (
          <p role="alert" className="mt-3 text-sm text-brand-700">
            积分不足：还差 {formatPoints(-after)} 积分，本次不会扣除积分。
          </p>
        ) : null}
        {outcome && !outcome.ok ? (
          <p role="alert" className="mt-3 text-sm text-brand-700">
            {outcome.message}
            {outcome.sessionExpired ? (
              <>
                {' '}
                <LoginPromptLink href={loginHref} className="underline">
                  重新登录
                </LoginPromptLink>
              </>
            ) : null}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            onClick={close}
            disabled={pending}
            className="rounded-lg border border-stone-300 px-5 py-2 text-stone-700 hover:border-stone-400 disabled:opacity-50"
          >
            {done ? '完成' : '取消'}
          </button>
          {!done ? (
            <button
              type="button"
              onClick={() => void exchange()}
              disabled={pending || short || (outcome?.ok === false && (outcome.reason === 'SOLD_OUT' || outcome.sessionExpired === true))}
              className="rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
            >
              {pending ? '兑换中…' : '确认兑换'}
            </button>
          ) : null}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
