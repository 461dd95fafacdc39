/**
 * The slower path of a site-wide ceiling (docs/security.md "The slower path: a proof of work"): where a ceiling over
 * the whole site (or over a block of addresses) is spent, the API does not refuse a person; it answers the call with
 * a challenge, and the same call sent again with its solution passes. The challenge is a hashcash in the form the
 * `altcha` widget uses: the server picks a secret number n in [0, MaxNumber], sends SHA-256(Salt + n) and its HMAC;
 * the client tries 0, 1, 2 … until the hash matches. A person's browser finds it in a second or two; an attacker pays
 * the same for every request past the ceiling. No picture, no puzzle: it suits 长者模式 and a keyboard.
 *
 * The refusal is the usual envelope with ErrorNo -1 (REFUSED) and HTTP 429 (Retry-After), like the image code's
 * `NeedImgCode` (SPEC §4): no new error number, so an API client that knows nothing of it shows ErrorInfo as
 * SPEC §8 says. Its Result carries `NeedProof: true` and the challenge; the solution goes back in the `Proof` field.
 */

/** The form field that carries a solution (JSON of WireProofSolution). */
export const PROOF_FIELD = 'Proof';
/** The longest `Proof` field the API reads. */
export const PROOF_FIELD_MAX = 512;

/** A challenge, as the API sends it in the refusal's Result (`Result.Challenge`). */
export interface WireProofChallenge {
  Algorithm: 'SHA-256';
  /** Random, with its expiry (`?expires=` epoch seconds): each salt is good for one request. */
  Salt: string;
  /** SHA-256 hex of Salt + the secret number. */
  Challenge: string;
  /** The secret number is at most this: the work, in the worst case. */
  MaxNumber: number;
  /** The API's HMAC of the challenge: only the API makes challenges. */
  Signature: string;
}

/** The Result of a refusal that a solved challenge lifts. */
export interface WireProofNeeded {
  NeedProof: true;
  Challenge: WireProofChallenge;
  RetryAfter?: number;
}

/** What the client sends back (JSON in the `Proof` field). */
export interface WireProofSolution {
  salt: string;
  challenge: string;
  number: number;
  signature: string;
}

/**
 * The `Proof` field of a call sent again with a solved challenge: the call passes what asked for it (docs/security.md
 * "The slower path: a proof of work"). No solution: no field.
 */
export const proofField = (proof?: WireProofSolution): { [PROOF_FIELD]?: string } => ({ [PROOF_FIELD]: proof ? JSON.stringify(proof) : undefined });

/** Whether an API error's Result asks for a proof of work. */
export function isProofNeeded(result: unknown): result is WireProofNeeded {
  if (!result || typeof result !== 'object') return false;
  const r = result as { NeedProof?: unknown; Challenge?: Partial<WireProofChallenge> | null };
  const c = r.Challenge;
  return (
    r.NeedProof === true &&
    !!c &&
    c.Algorithm === 'SHA-256' &&
    typeof c.Salt === 'string' &&
    typeof c.Challenge === 'string' &&
    typeof c.Signature === 'string' &&
    typeof c.MaxNumber === 'number'
  );
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Hashes tried at once: Web Crypto answers each digest asynchronously, so a batch keeps it busy. */
const BATCH = 256;

/**
 * Solves a challenge with Web Crypto (the browser's, or Node's `globalThis.crypto`): tries every number up to
 * MaxNumber in batches and yields between them (`pause`), so the page stays responsive. Null when no number
 * matches (a challenge that was not made honestly), when `signal` is aborted, or without Web Crypto.
 */
export async function solveProof(
  challenge: WireProofChallenge,
  options: { signal?: AbortSignal; pause?: () => Promise<void> } = {},
): Promise<WireProofSolution | null> {
  // Web Crypto is there only in a secure context (HTTPS, or localhost): elsewhere the first refusal stands.
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const encoder = new TextEncoder();
  for (let start = 0; start <= challenge.MaxNumber; start += BATCH) {
    if (options.signal?.aborted) return null;
    const numbers: number[] = [];
    for (let n = start; n < start + BATCH && n <= challenge.MaxNumber; n += 1) numbers.push(n);
    const hashes = await Promise.all(numbers.map((n) => subtle.digest('SHA-256', encoder.encode(challenge.Salt + n))));
    const found = hashes.findIndex((h) => hex(h) === challenge.Challenge);
    if (found >= 0) return { salt: challenge.Salt, challenge: challenge.Challenge, number: numbers[found]!, signature: challenge.Signature };
    if (options.pause) await options.pause();
  }
  return null;
}
