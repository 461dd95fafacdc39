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
  /** Yuan, as the registration fee is stored. */
  amount: number;
  description: string;
}

export type PaymentOutcome = { ok: true; paymentNo: string } | { ok: false; reason: string };

export interface PaymentProvider {
  /** Provider name stored with each payment ('simulated', 'wechat', 'alipay'). */
  readonly name: string;
  /** Opens a payment for an order; a real provider returns its prepay id here. */
  create(order: PaymentOrder): Promise<PaymentOutcome>;
  /** Whether the payment has been made (a real provider: its query call or notification). */
  confirm(paymentNo: string): Promise<PaymentOutcome>;
  /** Returns the amount of a confirmed payment. */
  refund(paymentNo: string, amount: number): Promise<PaymentOutcome>;
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
    async refund(paymentNo) {
      return { ok: true, paymentNo };
    },
  };
}
