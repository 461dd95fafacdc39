/**
 * Dev/SpendCeiling's record (lib/backend/handlers/dev.ts; development aids only): a site-wide ceiling a browser test
 * spent for calls about one phone, until the ceiling's window ends. The handlers meet it as the real one
 * (handlers/auth-support.ts siteCeiling), so the slower path (docs/security.md "The slower path: a proof of work")
 * is tested on the suite's server without closing the ceiling to the suite's other tests. Kept per backend
 * (its settings object), apart from the handlers so that both can import it.
 */
const spentFor = new WeakMap<object, Map<string, number>>();

/** Calls about `phone` meet the ceiling `name` as spent until `until` (epoch ms). */
export function spendCeilingFor(settings: object, name: string, phone: string, until: number): void {
  const spent = spentFor.get(settings) ?? new Map<string, number>();
  spent.set(`${name} ${phone}`, until);
  spentFor.set(settings, spent);
}

/** Whether a browser test spent the ceiling `name` for calls about `phone`. */
export function injectedCeiling(settings: object, name: string, phone: string | undefined, now: Date): boolean {
  if (!phone) return false;
  const until = spentFor.get(settings)?.get(`${name} ${phone}`);
  return until !== undefined && until > now.getTime();
}
