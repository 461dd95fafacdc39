'use server';
/**
 * Server actions of the points exchange (SPEC §2 member services). Each checks the session on
 * the server, validates its input, and returns a typed result instead of
 * throwing at the UI. The exchange is a write: never retried here; the
 * idempotency key (made when the dialog opens) makes a resubmit the same order.
 */
import { updateTag } from 'next/cache';
import { z } from 'zod';
import { CACHE_TAGS } from '@/lib/api/cache';
import { isApiError } from '@/lib/api/errors';
import { exchangePointsGoods, exchangeRefusalOf, type ExchangeReceipt } from '@/lib/api/points';
import { isSessionResetError } from '@/lib/api/token-client';
import { messages } from '@/lib/messages';
import { purgePageCache } from '@/lib/page-cache/store';
import { getSession, memberClient } from '@/lib/session';
import { requestIsSameOrigin } from '@/lib/session/origin';
import { parseInput } from '@/lib/validation/parse-input';

export type ExchangeFailure = 'SESSION' | 'INSUFFICIENT_POINTS' | 'SOLD_OUT' | 'KEY_REUSED' | 'INVALID' | 'NETWORK' | 'OTHER';

export type ExchangeActionResult =
  | { ok: true; receipt: ExchangeReceipt }
  | { ok: false; reason: ExchangeFailure; message: string; balance?: number; stock?: number };

/** Strict: a field the dialog never sends (a quantity, say) makes the request invalid, not silently ignored (docs/security.md). */
const exchangeInput = z.strictObject({
  sn: z.string().regex(/^[A-Za-z0-9]{1,32}$/),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

/** SPEC §8: a session the API reset (4001/4003/4004) means log in again; nothing was spent. */
const SESSION_MESSAGE = `${messages.sessionExpired}，本次未扣除积分`;

export async function exchangeGoodsAction(input: { sn: string; idempotencyKey: string }): Promise<ExchangeActionResult> {
  // Every action checks Origin itself (docs/security.md): none, or another site's, is refused.
  if (!(await requestIsSameOrigin())) return { ok: false, reason: 'INVALID', message: '请求来源无效，请刷新页面后重试' };
  const parsed = parseInput(exchangeInput, input, '兑换请求无效，请刷新页面后重试');
  if (!parsed.ok) return { ok: false, reason: 'INVALID', message: '兑换请求无效，请刷新页面后重试' };
  if (!(await getSession())) return { ok: false, reason: 'SESSION', message: SESSION_MESSAGE };
  try {
    const receipt = await exchangePointsGoods(await memberClient(), parsed.value);
    // Stock changed: the cached lists and this item must show it at once.
    updateTag(CACHE_TAGS.pointsGoods);
    updateTag(CACHE_TAGS.pointsItem(parsed.value.sn));
    await purgePageCache([CACHE_TAGS.pointsGoods, CACHE_TAGS.pointsItem(parsed.value.sn)]);
    return { ok: true, receipt };
  } catch (err) {
    if (isSessionResetError(err)) return { ok: false, reason: 'SESSION', message: SESSION_MESSAGE };
    const refusal = exchangeRefusalOf(err);
    if (refusal && isApiError(err)) {
      if (refusal.reason === 'SOLD_OUT') {
        updateTag(CACHE_TAGS.pointsItem(parsed.value.sn));
        await purgePageCache([CACHE_TAGS.pointsItem(parsed.value.sn)]);
      }
      return { ok: false, reason: refusal.reason, message: err.errorInfo, balance: refusal.balance, stock: refusal.stock };
    }
    if (isApiError(err) && err.errorNo < 0) {
      // Not retried automatically; the same key makes a manual retry safe (one order at most).
      return { ok: false, reason: 'NETWORK', message: `${messages.networkError}（再次确认不会重复扣分）` };
    }
    if (isApiError(err)) return { ok: false, reason: 'OTHER', message: err.errorInfo };
    throw err;
  }
}
