'use client';
import { unstable_isUnrecognizedActionError as isUnrecognizedActionError } from 'next/navigation';
import { startTransition, useActionState, useRef } from 'react';
import { messages } from '@/lib/messages';

type Work = () => Promise<void>;

/**
 * What a write that threw says. A server action the running release does not have (a page opened before a
 * release that changed it: docs/operations.md "Releases") is no network fault: the page must be reloaded.
 */
export function submissionFailure(error: unknown, failure: string): string {
  return isUnrecognizedActionError(error) ? messages.siteUpdated : failure;
}

/**
 * The one way a client form or button runs a write (docs/decisions.md "Forms and pending state"):
 * `run(work)` dispatches `work` as a React 19 action through useActionState, so `pending` is React's own
 * from the click until the write settles, and the submit button is disabled meanwhile. One submission at a
 * time: a second `run` while one is under way is dropped, never queued, so a write is never sent twice;
 * nothing here retries it. A thrown error (the network, a server action that could not be reached) shows
 * `failure` through `showError`, or messages.siteUpdated for a server action the running release does not
 * have, and never reaches an error boundary. Forms whose fields are all strings
 * post their FormData to `useActionState` directly instead (components/booking).
 */
export function useSubmission(showError: (message: string) => void, failure: string = messages.networkError) {
  const busy = useRef(false);
  const [, dispatch, pending] = useActionState(async (_: null, work: Work) => {
    try {
      await work();
    } catch (error) {
      showError(submissionFailure(error, failure));
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
