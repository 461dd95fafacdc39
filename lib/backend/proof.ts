/**
 * The slower path of a spent ceiling (docs/security.md "The slower path: a proof of work"; the wire in
 * lib/contract/proof.ts). Where a site-wide ceiling, or the allowance of a block of addresses, is spent, a request
 * is not refused: it is answered with a challenge, and the same request carrying the solution passes. A challenge
 * is made here only: its number is secret, its hash is signed with an HMAC under the backend's secret (the
 * secret of the sessions and device tokens, with a label of its own), it names the ceiling it was made for, it
 * expires, and a solution is spent in the store of the throttles (Redis with REDIS_URL), so it passes once.
 *
 * The work grows with the pressure on the ceiling (lib/limits.ts PROOF_OF_WORK): a person meeting a ceiling that
 * many addresses are hammering solves a bigger challenge, but solves it; each request of the attacker costs the
 * same work again.
 */
import crypto from 'node:crypto';
import { PROOF_FIELD, PROOF_FIELD_MAX, type WireProofChallenge, type WireProofSolution } from '@/lib/contract';
import { PROOF_OF_WORK } from '@/lib/limits';
import { recordProof } from '@/lib/observability/metrics';
import type { Throttles } from './throttles';
import { TooManyRequests, type BackendSettings, type Fields } from './types';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function sign(settings: Pick<BackendSettings, 'jwtSecret'>, challenge: string): string {
  // A label of its own: a challenge's HMAC can never pass for a token's or a device's.
  return crypto.createHmac('sha256', settings.jwtSecret).update(`shengai-proof:${challenge}`).digest('hex');
}

/** The work of a challenge under `pressure` (how many allowances' worth the key has been sent). */
export function proofMaxNumber(pressure: number): number {
  const factor = Math.min(PROOF_OF_WORK.maxFactor, Math.max(1, Math.floor(Number.isFinite(pressure) ? pressure : 1)));
  return PROOF_OF_WORK.maxNumber * factor;
}

/** A new challenge for the ceiling `rule`. */
export function makeChallenge(settings: Pick<BackendSettings, 'jwtSecret'>, rule: string, pressure: number, now: number): WireProofChallenge {
  const maxNumber = proofMaxNumber(pressure);
  const salt = `${rule}.${crypto.randomBytes(12).toString('hex')}?expires=${now + PROOF_OF_WORK.ttlSeconds}`;
  const challenge = sha256(salt + crypto.randomInt(0, maxNumber + 1));
  return { Algorithm: 'SHA-256', Salt: salt, Challenge: challenge, MaxNumber: maxNumber, Signature: sign(settings, challenge) };
}

/** Why a sent solution does not count (for the tests and the metrics), or null when it does. */
export type ProofFault = 'absent' | 'malformed' | 'forged' | 'other-rule' | 'expired' | 'wrong' | 'spent';

function parseSolution(raw: string): WireProofSolution | null {
  try {
    const value = JSON.parse(raw) as Partial<WireProofSolution>;
    const ok =
      typeof value.salt === 'string' &&
      value.salt.length <= 200 &&
      typeof value.challenge === 'string' &&
      /^[0-9a-f]{64}$/.test(value.challenge) &&
      typeof value.signature === 'string' &&
      /^[0-9a-f]{64}$/.test(value.signature) &&
      Number.isSafeInteger(value.number) &&
      value.number! >= 0;
    return ok ? (value as WireProofSolution) : null;
  } catch {
    return null;
  }
}

/**
 * Checks the solution a request carries in its `Proof` field for the ceiling `rule`, and spends it: null when it
 * counts (this request passes the ceiling), else what is wrong with it. Spends nothing when it is wrong.
 */
export async function spendProof(
  settings: Pick<BackendSettings, 'jwtSecret'>,
  throttles: Pick<Throttles, 'spendOnce'>,
  fields: Fields,
  rule: string,
  now: number,
): Promise<ProofFault | null> {
  const raw = fields[PROOF_FIELD];
  if (!raw) return 'absent';
  const solution = raw.length <= PROOF_FIELD_MAX ? parseSolution(raw) : null;
  if (!solution) return 'malformed';
  const expected = Buffer.from(sign(settings, solution.challenge));
  const given = Buffer.from(solution.signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'forged';
  const m = /^([A-Za-z]+)\.[0-9a-f]{24}\?expires=(\d{1,12})$/.exec(solution.salt);
  if (!m) return 'malformed';
  if (m[1] !== rule) return 'other-rule';
  if (Number(m[2]) <= now) return 'expired';
  if (sha256(solution.salt + solution.number) !== solution.challenge) return 'wrong';
  // Spent last, and only when right: a wrong guess cannot spend someone's solution.
  return (await throttles.spendOnce(solution.challenge, PROOF_OF_WORK.ttlSeconds)) ? null : 'spent';
}

/** The requests (by their fields) whose solution has passed: one solution lifts every ceiling of its request. */
const passed = new WeakSet<Fields>();

/**
 * The slower path of the spent ceiling `rule` (whose refusal is `refused`): passes when the request carries a
 * right, unspent solution for it; else throws the refusal with a new challenge (HTTP 429, ErrorNo -1, the rule's
 * own message, Result.NeedProof and Result.Challenge).
 */
export async function slowerPath(
  ctx: { settings: Pick<BackendSettings, 'jwtSecret'>; throttles: Pick<Throttles, 'spendOnce'>; fields: Fields; now: Date },
  rule: string,
  refused: TooManyRequests,
): Promise<void> {
  if (passed.has(ctx.fields)) return;
  const now = Math.floor(ctx.now.getTime() / 1000);
  const fault = await spendProof(ctx.settings, ctx.throttles, ctx.fields, rule, now);
  recordProof(rule, fault === null ? 'passed' : fault === 'absent' ? 'asked' : 'refused');
  if (fault === null) {
    passed.add(ctx.fields);
    return;
  }
  const challenge = makeChallenge(ctx.settings, rule, refused.pressure, now);
  throw new TooManyRequests(refused.errorInfo, refused.retryAfterSeconds, { NeedProof: true, Challenge: challenge });
}
