'use server';
/**
 * Server actions of the points exchange (SPEC §2 member services), through the gate
 * (lib/actions/define-action.ts). The exchange is a write: never retried here; the idempotency key (made when
 * the dialog opens) makes a resubmit the same order.
 */
import { updateTag } from 'next/cache';
import { z } from 'zod';
import { CACHE_TAGS } from '@/lib/api/cache';
import { defineAction, type ActionFailure, type ActionResult } from '@/lib/actions/define-action';
import { exchangePointsGoods, exchangeRefusalOf, type ExchangeReceipt } from '@/lib/api/points';
import { messages } from '@/lib/messages';
import { purgePageCache } from '@/lib/page-cache/store';
import { GOODS_SN, IDEMPOTENCY_KEY } from '@/lib/contract';

/** Why the API refused the exchange (its ErrorNo -1 Result), with the balance or stock it read. */
interface Refusal {
  reason: NonNullable<ReturnType<typeof exchangeRefusalOf>>['reason'];
  balance: number;
  stock: number;
}

export type ExchangeActionResult = ActionResult<{ receipt: ExchangeReceipt }, Refusal>;

/** Strict: a field the dialog never sends (a quantity, say) makes the request invalid, not silently ignored (docs/security.md). */
const exchangeInput = z.strictObject({
  sn: z.string().regex(GOODS_SN),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY),
});

/** Stock changed: the cached lists and this item must show it at once. */
async function refreshGoods(tags: string[]) {
  for (const tag of tags) updateTag(tag);
  await purgePageCache(tags);
}

export const exchangeGoodsAction = defineAction<typeof exchangeInput, { receipt: ExchangeReceipt }, Refusal, [input: { sn: string; idempotencyKey: string }]>(
  exchangeInput,
  async (input, { client }) => {
    const receipt = await exchangePointsGoods(await client(), input);
    await refreshGoods([CACHE_TAGS.pointsGoods, CACHE_TAGS.pointsItem(input.sn)]);
    return { ok: true, receipt };
  },
  {
    member: true,
    invalid: '兑换请求无效，请刷新页面后重试',
    // SPEC §8: a session the API reset (4001/4003/4004) means log in again; nothing was spent.
    sessionMessage: `${messages.sessionExpired}，本次未扣除积分`,
    // Not retried automatically; the same key makes a manual retry safe (one order at most).
    failure: '再次确认不会重复扣分',
    refine: async (failure: ActionFailure<Refusal>, err, input) => {
      const refusal = exchangeRefusalOf(err);
      if (!refusal) return failure;
      // Sold out: this item's cached page must show it.
      if (refusal.reason === 'SOLD_OUT' && input) await refreshGoods([CACHE_TAGS.pointsItem(input.sn)]);
      return { ...failure, ...refusal };
    },
  },
);
