/**
 * What a write that threw says (components/ui/use-submission.ts): a server action the running release does not
 * have (a page opened before a release: docs/operations.md "Releases") asks for a reload, never "网络异常".
 */
import { UnrecognizedActionError } from 'next/dist/client/components/unrecognized-action-error';
import { describe, expect, it } from 'vitest';
import { messages } from '@/lib/messages';
import { submissionFailure } from './use-submission';

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
