'use client';
/**
 * The slower path of a spent site-wide ceiling, in the browser (docs/security.md "The slower path: a proof of
 * work"): when the API answers a call with a challenge instead of acting on it, the form solves the challenge with
 * Web Crypto in small batches that yield to the page between them (no picture, no puzzle, nothing to do: it
 * suits 长者模式 and a keyboard), says 正在进行安全验证… in a status region meanwhile, and sends the same call
 * again, once. Sending again is safe even for an SMS: the first call was refused before anything was done.
 */
import { useEffect, useRef, useState } from 'react';
import { solveProof, type WireProofChallenge, type WireProofSolution } from '@/lib/contract';

export const PROOF_STATUS = '正在进行安全验证…';

/**
 * A task between batches, so input, painting and timers run while the proof is solved: a message to itself, not
 * setTimeout, whose nested calls wait at least 4 ms each (a thousand batches would add seconds of waiting).
 */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function useProof() {
  const [solving, setSolving] = useState(false);
  const abort = useRef<AbortController | null>(null);
  // A dialog closed while solving stops the work.
  useEffect(() => () => abort.current?.abort(), []);

  /** Calls `send`; when it answers with a challenge, solves it and calls `send` once more with the solution. */
  async function withProof<R extends { ok: boolean; proof?: WireProofChallenge }>(send: (proof?: WireProofSolution) => Promise<R>): Promise<R> {
    const first = await send();
    if (first.ok || !first.proof) return first;
    const controller = new AbortController();
    abort.current = controller;
    setSolving(true);
    try {
      const solution = await solveProof(first.proof, { signal: controller.signal, pause: yieldToPage });
      return solution ? await send(solution) : first;
    } finally {
      setSolving(false);
    }
  }

  return { solving, withProof };
}

/** The status region of the proof: always in the page (so a screen reader hears it change), empty when idle. */
export function ProofStatus({ solving }: { solving: boolean }) {
  return (
    <p role="status" aria-live="polite" className={solving ? 'mb-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800' : 'sr-only'}>
      {solving ? PROOF_STATUS : ''}
    </p>
  );
}
