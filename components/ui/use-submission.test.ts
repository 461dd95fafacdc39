// @vitest-environment happy-dom
/**
 * The one way a client form runs a write (components/ui/use-submission.ts; docs/decisions.md "Forms and pending
 * state"), rendered: `pending` from the click until the write settles, a second `run` meanwhile dropped (a write
 * is never sent twice), a thrown error shown through `showError` and never retried. And what a write that threw
 * says: a server action the running release does not have (docs/operations.md "Releases") asks for a reload.
 */
import { UnrecognizedActionError } from 'next/dist/client/components/unrecognized-action-error';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@/lib/messages';
import { submissionFailure, useSubmission } from './use-submission';

describe('submissionFailure', () => {
  it('a server action the running release does not know: the site was updated, reload', () => {
    // What Next's client throws when the server answers x-nextjs-action-not-found (a release changed the action).
    const error = new UnrecognizedActionError('Server Action "7f00" was not found on the server.');
    expect(submissionFailure(error, messages.networkError)).toBe('网站已更新，请刷新页面后重试');
  });

  it('anything else that threw (the network, a server that could not be reached): the form’s own failure', () => {
    expect(submissionFailure(new TypeError('Failed to fetch'), messages.networkError)).toBe(messages.networkError);
    expect(submissionFailure(new Error('An unexpected response was received from the server.'), '网络异常，资料尚未保存，请稍后重试')).toBe('网络异常，资料尚未保存，请稍后重试');
  });
});

/** A write the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmission, rendered', () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let root: Root;
  let container: HTMLElement;
  let hook: ReturnType<typeof useSubmission>;
  const shown: string[] = [];
  /** `pending` at every render, in order. */
  const pendings: boolean[] = [];

  function Probe({ failure }: { failure?: string }) {
    hook = useSubmission((m) => shown.push(m), failure);
    pendings.push(hook.pending);
    return createElement('button', { type: 'button', disabled: hook.pending }, '提交');
  }

  beforeEach(async () => {
    shown.length = 0;
    pendings.length = 0;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root.render(createElement(Probe, { failure: '保存失败，请稍后重试' })));
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });
  const button = () => container.querySelector('button')!;

  it('is pending from the run until the write settles, and drops a second run meanwhile', async () => {
    expect(hook.pending).toBe(false);
    expect(button().disabled).toBe(false);
    const write = deferred();
    let calls = 0;
    const work = () => {
      calls++;
      return write.promise;
    };
    await act(async () => hook.run(work));
    expect(hook.pending).toBe(true);
    expect(button().disabled).toBe(true);
    // A double click while the first write is under way: dropped, never queued.
    await act(async () => hook.run(work));
    expect(calls).toBe(1);
    await act(async () => write.resolve());
    expect(hook.pending).toBe(false);
    expect(button().disabled).toBe(false);
    expect(shown).toEqual([]);
    // Settled: the next run is a new write.
    await act(async () => hook.run(() => Promise.resolve()));
    expect(pendings.at(-1)).toBe(false);
    expect(calls).toBe(1);
  });

  it('a write that threw shows the form’s failure once, is not retried, and the form can send again', async () => {
    let calls = 0;
    await act(async () =>
      hook.run(() => {
        calls++;
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    );
    expect(calls).toBe(1);
    expect(shown).toEqual(['保存失败，请稍后重试']);
    expect(hook.pending).toBe(false);
    const again = deferred();
    await act(async () => hook.run(() => again.promise));
    expect(hook.pending).toBe(true);
    await act(async () => again.resolve());
    expect(hook.pending).toBe(false);
  });

  it('a server action the release does not have asks for a reload', async () => {
    await act(async () => hook.run(() => Promise.reject(new UnrecognizedActionError('Server Action "7f00" was not found on the server.'))));
    expect(shown).toEqual([messages.siteUpdated]);
  });
});
