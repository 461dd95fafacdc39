'use client';
/**
 * Exchange of one item (issue 7): a confirmation dialog with the item, its
 * cost and the balance after; the idempotency key is made when the dialog
 * opens, so a double click or a resubmit makes one order; the button is
 * disabled while pending; the write is never retried. Afterwards the balance
 * query is updated and the page refreshed, so the new balance and stock show
 * everywhere without a reload.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Image from 'next/image';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { exchangeGoodsAction, type ExchangeActionResult } from '@/app/productDetails/actions';
import { formatPoints } from '@/lib/format';
import { MEMBER_POINTS_QUERY_KEY, useMemberPoints } from './member-points';

export interface ExchangeItem {
  sn: string;
  name: string;
  points: number;
  stock: number;
  image: string;
}

const newKey = () => crypto.randomUUID();

export function PointsExchangeDialog({
  item,
  initialPoints,
  loginHref,
}: {
  item: ExchangeItem;
  /** The member's balance rendered on the server; null for a visitor. */
  initialPoints: number | null;
  loginHref: string;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: balance } = useMemberPoints(initialPoints);
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [outcome, setOutcome] = useState<ExchangeActionResult | null>(null);

  const exchange = useMutation({
    mutationFn: (idempotencyKey: string) => exchangeGoodsAction({ sn: item.sn, idempotencyKey }),
    retry: 0,
    onSuccess: (result) => {
      setOutcome(result);
      if (result.ok) {
        queryClient.setQueryData(MEMBER_POINTS_QUERY_KEY, result.receipt.balance);
      } else if (typeof result.balance === 'number') {
        queryClient.setQueryData(MEMBER_POINTS_QUERY_KEY, result.balance);
      }
      void queryClient.invalidateQueries({ queryKey: MEMBER_POINTS_QUERY_KEY });
      // Server-rendered stock and balances follow.
      router.refresh();
    },
    onError: () => setOutcome({ ok: false, reason: 'NETWORK', message: '网络异常，请检查网络后重试（再次确认不会重复扣分）' }),
  });

  const loggedIn = balance !== null && balance !== undefined;
  const soldOut = item.stock <= 0;

  function openDialog() {
    setKey(newKey());
    setOutcome(null);
    exchange.reset();
    setOpen(true);
  }

  function close() {
    if (exchange.isPending) return;
    setOpen(false);
  }

  if (!loggedIn) {
    return (
      <Link
        href={loginHref}
        className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-8 py-3 text-lg font-medium text-white hover:bg-brand-800"
      >
        登录后兑换
      </Link>
    );
  }

  const after = balance - item.points;
  const done = outcome?.ok === true;
  const short = after < 0;

  return (
    <>
      <button
        type="button"
        onClick={openDialog}
        disabled={soldOut}
        className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-8 py-3 text-lg font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
      >
        {soldOut ? '已兑完' : '立即兑换'}
      </button>
      <Dialog open={open} onClose={close} className="relative z-50">
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-bold text-stone-900">{done ? '兑换成功' : '确认兑换'}</DialogTitle>
            <div className="mt-4 flex gap-4">
              <Image src={item.image} alt="" width={88} height={88} className="h-22 w-22 rounded-lg object-cover" unoptimized />
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{item.name}</p>
                <p className="mt-1 text-sm text-stone-600">数量：1</p>
              </div>
            </div>
            {done && outcome.ok ? (
              <div role="status" className="mt-5 space-y-1 rounded-lg bg-jade-50 p-4 text-sm text-jade-700">
                <p className="font-medium">兑换成功，已扣除 {outcome.receipt.pointsSpent} 积分。</p>
                <p>订单号：{outcome.receipt.orderNo}</p>
                <p>当前积分：{formatPoints(outcome.receipt.balance)}</p>
              </div>
            ) : (
              <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-stone-50 p-4 text-sm">
                <dt className="text-stone-600">所需积分</dt>
                <dd className="text-right font-medium text-brand-700">{item.points} 积分</dd>
                <dt className="text-stone-600">当前积分</dt>
                <dd className="text-right">{balance} 积分</dd>
                <dt className="text-stone-600">兑换后余额</dt>
                <dd className={`text-right font-medium ${short ? 'text-brand-700' : 'text-jade-700'}`}>
                  {short ? '积分不足' : `${after} 积分`}
                </dd>
              </dl>
            )}
            {short && !done && !outcome ? (
              <p role="alert" className="mt-3 text-sm text-brand-700">
                积分不足：还差 {-after} 积分，本次不会扣除积分。
              </p>
            ) : null}
            {outcome && !outcome.ok ? (
              <p role="alert" className="mt-3 text-sm text-brand-700">
                {outcome.message}
                {outcome.reason === 'SESSION' ? (
                  <>
                    {' '}
                    <Link href={loginHref} className="underline">
                      重新登录
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
            <div className="mt-6 flex justify-end gap-3">
              <button
                type="button"
                onClick={close}
                disabled={exchange.isPending}
                className="rounded-lg border border-stone-300 px-5 py-2 text-stone-700 hover:border-stone-400 disabled:opacity-50"
              >
                {done ? '完成' : '取消'}
              </button>
              {!done ? (
                <button
                  type="button"
                  onClick={() => exchange.mutate(key)}
                  disabled={exchange.isPending || short || outcome?.reason === 'SOLD_OUT' || outcome?.reason === 'SESSION'}
                  className="rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
                >
                  {exchange.isPending ? '兑换中…' : '确认兑换'}
                </button>
              ) : null}
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
