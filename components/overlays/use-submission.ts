'use client';
import { useState } from 'react';
import { messages } from '@/lib/messages';

/**
 * One overlay submission at a time: `pending` while `work` runs (the submit
 * button is disabled, so a write is never sent twice); a thrown error (the
 * network) shows `failure` as the form's error. Writes are never retried.
 */
export function useSubmission(showFormError: (message: string) => void, failure: string = messages.networkError) {
  const [pending, setPending] = useState(false);
  async function run(work: () => Promise<void>) {
    setPending(true);
    try {
      await work();
    } catch {
      showFormError(failure);
    } finally {
      setPending(false);
    }
  }
  return { pending, run };
}
