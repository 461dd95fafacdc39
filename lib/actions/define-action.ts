import 'server-only';
/**
 * The one gate every server action goes through (docs/architecture.md "Server actions", docs/security.md
 * "Server actions and internal headers"). `defineAction(schema, handler, options)` makes the function a
 * `'use server'` file exports; ESLint refuses any other export there (`layers/actions-through-gate`). In order:
 *
 * 1. **Origin**: a request with no Origin, or another site's, is refused before anything is read.
 * 2. **Input**: the action's arguments (`options.args` turns several into one value) are parsed with the zod
 *    schema through `parseInput`: the schema's own Chinese message, else `options.invalid`. A request can
 *    send any arguments at all, so nothing is trusted before this.
 * 3. **Session** (`member: true`): no session answers 请先登录 with `sessionExpired`.
 * 4. **The handler**, with the clean input and, for a member, `client()` (the member's API client).
 * 5. **Errors become messages**, never a 500: a session the API reset (SPEC §8) answers 登录已失效 with
 *    `sessionExpired`; a spent limit answers 429 with Retry-After (lib/security/answer-status.ts) and the API's
 *    message; a network fault the network message (with `options.failure`: what did not happen); any API error
 *    its `errorNo`, any other its own message; anything else is logged and answers 系统错误. `options.refine`
 *    adds an action's own fields to a failure (a refusal's reason).
 *
 * Nothing here retries: a write is sent once (ARCHITECTURE); a write made safe to resubmit carries its own
 * idempotency key.
 */
import type { z } from 'zod';
import { BAD_RESPONSE_ERROR_NO, isApiError, NETWORK_ERROR_NO } from '@/lib/api/errors';
import { isSessionResetError } from '@/lib/api/token-client';
import { messages } from '@/lib/messages';
import { answerTooManyRequests } from '@/lib/security/answer-status';
import { getSession, memberClient } from '@/lib/session';
import { requestIsSameOrigin } from '@/lib/session/origin';
import { parseInput } from '@/lib/validation/parse-input';
import type { ActionFailure, ActionResult } from './result';

export type { ActionFailure, ActionResult } from './result';

/** What a refused Origin answers (docs/security.md). */
export const FORBIDDEN_MESSAGE = '请求来源无效，请刷新页面后重试';

type Client = Awaited<ReturnType<typeof memberClient>>;

export interface ActionContext {
  /** The member's API client (a member action only; a visitor's action has none). */
  client: () => Promise<Client>;
}

export interface ActionOptions<A extends unknown[], E extends object, I = unknown> {
  /** The action checks the member's session before the handler runs. */
  member: boolean;
  /** The message of invalid input when the schema's own is not Chinese. */
  invalid: string;
  /** Turns the action's arguments into the schema's input; without it the action takes one argument. */
  args?: (...args: A) => unknown;
  /** What did not happen, added to the network message: 网络异常，请检查网络后重试（预约未提交…）. */
  failure?: string;
  /** Replaces both session messages (请先登录 and 登录已失效). */
  sessionMessage?: string;
  /**
   * Adds the action's own fields to a failure the gate made, or rewrites its message: `err` is what the
   * handler threw (null for a refused Origin, input or session), `input` the clean input once parsed.
   */
  refine?: (failure: ActionFailure<E>, err: unknown, input: I | undefined) => ActionFailure<E> | Promise<ActionFailure<E>>;
}

/** An API error or a session reset as the message a visitor reads. */
export function failureOf(err: unknown, failure?: string, sessionMessage?: string): ActionFailure {
  if (isSessionResetError(err)) return { ok: false, message: sessionMessage ?? messages.sessionExpired, sessionExpired: true };
  if (isApiError(err)) {
    // A spent limit reaches nginx and monitoring as 429 with Retry-After, the message as usual (docs/security.md).
    if (err.retryAfterSeconds) answerTooManyRequests(err.retryAfterSeconds);
    // -2/-3 are the client's own network and unreadable-answer faults, and SPEC §8 codes the API may send too
    // (WeChat's -2: no member yet): the errorNo always goes back for a UI that branches on it, and an action
    // that names what did not happen says so in the network message.
    if (failure && (err.errorNo === NETWORK_ERROR_NO || err.errorNo === BAD_RESPONSE_ERROR_NO)) {
      return { ok: false, message: `${messages.networkError}（${failure}）`, errorNo: err.errorNo };
    }
    return { ok: false, message: err.errorInfo || failure || messages.systemError, errorNo: err.errorNo };
  }
  console.error('[actions] action failed:', err);
  return { ok: false, message: messages.systemError };
}

export function defineAction<S extends z.ZodType, T extends object, E extends object = object, A extends unknown[] = [input: z.input<S>]>(
  schema: S,
  handler: (input: z.output<S>, context: ActionContext) => Promise<ActionResult<T, NoInfer<E>>>,
  options: ActionOptions<A, NoInfer<E>, z.output<S>>,
): (...args: A) => Promise<ActionResult<T, E>> {
  const refine = async (failure: ActionFailure, err: unknown = null, input?: z.output<S>) =>
    options.refine ? options.refine(failure as ActionFailure<E>, err, input) : (failure as ActionFailure<E>);
  const context: ActionContext = {
    client: () => (options.member ? memberClient() : Promise.reject(new Error('a visitor action has no member client'))),
  };
  return async function action(...args: A): Promise<ActionResult<T, E>> {
    if (!(await requestIsSameOrigin())) return refine({ ok: false, message: FORBIDDEN_MESSAGE });
    let parsed;
    try {
      parsed = parseInput(schema, options.args ? options.args(...args) : args[0], options.invalid);
    } catch {
      // A schema's own transform may throw on something no request should send: still invalid, not a 500.
      return refine({ ok: false, message: options.invalid });
    }
    if (!parsed.ok) return refine({ ok: false, message: parsed.message });
    if (options.member && !(await getSession())) {
      return refine({ ok: false, message: options.sessionMessage ?? messages.loginRequired, sessionExpired: true });
    }
    try {
      return await handler(parsed.value, context);
    } catch (err) {
      return refine(failureOf(err, options.failure, options.sessionMessage), err, parsed.value);
    }
  };
}
