/**
 * The payment provider seam of online booking (docs/api.md "HIS_Register
 * booking"). A real provider (WeChat Pay, Alipay) implements the same three
 * calls against its own API; the embedded backend ships only the simulated
 * one below, which never charges anyone: it records that an amount would have
 * been paid and answers at once.
 */
import crypto from 'node:crypto';

export interface PaymentOrder {
  /** The site's order number (the registration's RegisterNo). */
  orderNo: string;
  /** Yuan, to the fen: the amount to pay (the registration's PayAmount, lib/fees.ts). */
  amount: number;
  description: string;
}

export interface RefundRequest {
  paymentNo: string;
  /** Yuan, to the fen: what was paid. */
  amount: number;
  key: string;
}

/** A refusal may carry the words a member should read (`message`); without one the booking says 支付未完成. */
export type PaymentOutcome = { ok: true; paymentNo: string } | { ok: false; reason: string; message?: string };

export interface PaymentProvider {
  /** Provider name stored with each payment ('simulated', 'wechat', 'alipay'; 'none' when none is configured). */
  readonly name: string;
  /** Opens a payment for an order; a real provider returns its prepay id here. */
  create(order: PaymentOrder): Promise<PaymentOutcome>;
  /** Whether the payment has been made (a real provider: its query call or notification). */
  confirm(paymentNo: string): Promise<PaymentOutcome>;
  /**
   * Returns the amount of a confirmed payment. `key` is the refund's idempotency key (one per booking): a
   * provider refunds once per key, however often it is asked (WeChat Pay's out_refund_no, Alipay's
   * out_request_no), so a cancel retried after a lost answer never pays back twice.
   */
  refund(request: RefundRequest): Promise<PaymentOutcome>;
}

/** Pays at once, every time. Nothing is charged: there is no money behind it. */
export function simulatedPaymentProvider(): PaymentProvider {
  return {
    name: 'simulated',
    async create() {
      return { ok: true, paymentNo: `SIM${crypto.randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}` };
    },
    async confirm(paymentNo) {
      return { ok: true, paymentNo };
    },
    async refund({ paymentNo }) {
      return { ok: true, paymentNo };
    },
  };
}

/** What a member reads when this deployment takes no payment online (no PAYMENT_PROVIDER). */
export const PAYMENT_UNAVAILABLE_MESSAGE = '本站暂未开通在线支付，请到院缴费或致电客服，预约将在支付时限后自动取消';

/**
 * No provider configured (docs/operations.md): every payment is refused with a message the member can act
 * on, so nothing is ever marked paid without money behind it.
 */
export function unconfiguredPaymentProvider(): PaymentProvider {
  const refused = async (): Promise<PaymentOutcome> => ({ ok: false, reason: 'unconfigured', message: PAYMENT_UNAVAILABLE_MESSAGE });
  return { name: 'none', create: refused, confirm: refused, refund: refused };
}
