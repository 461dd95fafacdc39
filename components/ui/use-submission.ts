'use client';
import { startTransition, useActionState, useRef } from 'react';
import { messages } from '@/lib/messages';

type Work = () => Promise<void>;

/**
 * The one way a client form or button runs a write (docs/decisions.md "Forms and pending state"):
 * `run(work)` dispatches `work` as a React 19 action through useActionState, so `pending` is React's own
 * from the click until the write settles, and the submit button is disabled meanwhile. One submission at a
 * time: a second `run` while one is under way is dropped, never queued, so a write is never sent twice;
 * nothing here retries it. A thrown error (the network, a server action that could not be reached) shows
 * `failure` through `showError` and never reaches an error boundary. Forms whose fields are all strings
 * post their FormData to `useActionState` directly instead (components/booking).
 */
export function useSubmission(showError: (message: string) => void, failure: string = messages.networkError) {
  const busy = useRef(false);
  const [, dispatch, pending] = useActionState(async (_: null, work: Work) => {
    try {
      await work();
    } catch {
      showError(failure);
    } finally {
      busy.current = false;
    }
    return null;
  }, null);
  function run(work: Work) {
    if (busy.current) return;
    busy.current = true;
    startTransition(() => dispatch(work));
  }
  return { pending, run };
}
