/**
 * The one action gate (lib/actions/define-action.ts, docs/architecture.md "Server actions"): Origin first, then
 * the zod schema, then the member's session, then the handler, whose errors become Chinese messages (SPEC §8):
 * a reset session asks for a new login, a spent limit answers 429 with Retry-After, a network fault says what
 * did not happen, anything else 系统错误. Nothing is retried: a handler runs at most once per call.
 */
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/test/next-headers-jar';
import { ApiError, BAD_RESPONSE_ERROR_NO, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_NO } from '@/lib/api/errors';
import { SessionResetError } from '@/lib/api/token-client';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));
const session = vi.hoisted(() => ({ member: true as boolean, client: { id: 'member-client' } }));
vi.mock('@/lib/session', () => ({
  getSession: async () => (session.member ? { vipInfo: { name: '陈立' } } : null),
  memberClient: async () => session.client,
}));
const tooMany = vi.hoisted(() => vi.fn(() => true));
vi.mock('@/lib/security/answer-status', () => ({ answerTooManyRequests: tooMany }));

const { defineAction, FORBIDDEN_MESSAGE } = await import('./define-action');

const input = z.strictObject({ phone: z.string().regex(/^1\d{10}$/, '请输入正确的手机号'), note: z.string() });
const SITE = new Headers({ origin: 'http://site.test', host: 'site.test' });

let calls = 0;
beforeEach(() => {
  calls = 0;
  session.member = true;
  request.headers = new Headers(SITE);
  tooMany.mockClear();
});
afterEach(() => vi.restoreAllMocks());

/** An action whose handler throws `thrown` (when given) and counts its runs. */
function actionThrowing(thrown?: unknown, options: Partial<Parameters<typeof defineAction>[2]> = {}) {
  return defineAction(
    input,
    async (i, { client }) => {
      calls += 1;
      if (thrown !== undefined) throw thrown;
      return { ok: true, phone: i.phone, client: await client() };
    },
    { member: true, invalid: '输入内容有误，请检查后重试', failure: '资料尚未保存', ...options },
  );
}

const GOOD = { phone: '13800000001', note: '' };

describe('defineAction: the prelude, in order', () => {
  it('refuses a request with no Origin, another site’s, or a spoofed X-Forwarded-Host before reading anything', async () => {
    const action = actionThrowing();
    for (const headers of [
      new Headers({ host: 'site.test' }),
      new Headers({ origin: 'https://evil.example', host: 'site.test' }),
      new Headers({ origin: 'https://evil.example', host: 'site.test', 'x-forwarded-host': 'evil.example' }),
    ]) {
      request.headers = headers;
      expect(await action(GOOD)).toEqual({ ok: false, message: FORBIDDEN_MESSAGE });
    }
    expect(calls).toBe(0);
  });

  it('parses the arguments with the schema: its Chinese message, else the action’s own; never the handler', async () => {
    const action = actionThrowing();
    expect(await action({ ...GOOD, phone: '123' })).toEqual({ ok: false, message: '请输入正确的手机号' });
    // zod's English (a wrong type, an unknown field) never reaches a visitor.
    expect(await action({ ...GOOD, note: ['x'] } as never)).toEqual({ ok: false, message: '输入内容有误，请检查后重试' });
    expect(await action({ ...GOOD, admin: true } as never)).toEqual({ ok: false, message: '输入内容有误，请检查后重试' });
    expect(await action(null as never)).toEqual({ ok: false, message: '输入内容有误，请检查后重试' });
    expect(calls).toBe(0);
  });

  it('turns several arguments into the schema’s input with `args`', async () => {
    const action = defineAction(input, async (i) => ({ ok: true, phone: i.phone }), {
      member: false,
      invalid: '输入内容有误，请检查后重试',
      args: (phone: string, note: string) => ({ phone, note }),
    });
    expect(await action('13800000001', '')).toEqual({ ok: true, phone: '13800000001' });
    expect(await action('1', '')).toEqual({ ok: false, message: '请输入正确的手机号' });
  });

  it('a schema whose transform throws answers the invalid message, not a 500', async () => {
    const throwing = z.unknown().transform(() => {
      throw new TypeError('boom');
    });
    const action = defineAction(throwing, async () => ({ ok: true }), { member: false, invalid: '输入内容有误，请检查后重试' });
    expect(await action(1)).toEqual({ ok: false, message: '输入内容有误，请检查后重试' });
  });

  it('a member action without a session answers 请先登录 with sessionExpired; a visitor action runs', async () => {
    session.member = false;
    expect(await actionThrowing()(GOOD)).toEqual({ ok: false, message: '请先登录', sessionExpired: true });
    expect(await actionThrowing(undefined, { sessionMessage: '登录已失效，请重新登录，本次未扣除积分' })(GOOD)).toEqual({
      ok: false,
      message: '登录已失效，请重新登录，本次未扣除积分',
      sessionExpired: true,
    });
    expect(calls).toBe(0);
    const visitor = defineAction(input, async () => ({ ok: true, ran: true }), { member: false, invalid: '无效' });
    expect(await visitor(GOOD)).toEqual({ ok: true, ran: true });
  });

  it('runs the handler once with the clean input and the member’s client', async () => {
    expect(await actionThrowing()(GOOD)).toEqual({ ok: true, phone: '13800000001', client: session.client });
    expect(calls).toBe(1);
  });
});

describe('defineAction: errors become messages, and nothing is retried', () => {
  it('a session the API reset (SPEC §8) asks for a new login', async () => {
    expect(await actionThrowing(new SessionResetError(4003, '令牌已失效', 'x'))(GOOD)).toEqual({
      ok: false,
      message: '登录已失效，请重新登录',
      sessionExpired: true,
    });
    expect(calls).toBe(1);
  });

  it('a spent limit answers 429 with Retry-After and the API’s message', async () => {
    const r = await actionThrowing(new ApiError(-1, '操作过于频繁，请5分钟后再试', 'x', null, 300))(GOOD);
    expect(r).toEqual({ ok: false, message: '操作过于频繁，请5分钟后再试', errorNo: -1 });
    expect(tooMany).toHaveBeenCalledWith(300);
    expect(calls).toBe(1);
  });

  it('a network fault or an unreadable answer says what did not happen; a refusal keeps the API’s message', async () => {
    expect(await actionThrowing(new ApiError(NETWORK_ERROR_NO, NETWORK_ERROR_MESSAGE, 'x'))(GOOD)).toEqual({
      ok: false,
      message: '网络异常，请检查网络后重试（资料尚未保存）',
      errorNo: NETWORK_ERROR_NO,
    });
    expect(await actionThrowing(new ApiError(BAD_RESPONSE_ERROR_NO, '服务返回了无法识别的内容，请稍后再试', 'x'))(GOOD)).toEqual({
      ok: false,
      message: '网络异常，请检查网络后重试（资料尚未保存）',
      errorNo: BAD_RESPONSE_ERROR_NO,
    });
    expect(await actionThrowing(new ApiError(2, '该手机号已注册', 'x'))(GOOD)).toEqual({ ok: false, message: '该手机号已注册', errorNo: 2 });
    expect(await actionThrowing(new ApiError(2, '', 'x'))(GOOD)).toEqual({ ok: false, message: '资料尚未保存', errorNo: 2 });
    expect(tooMany).not.toHaveBeenCalled();
    expect(calls).toBe(4);
  });

  it('an action that names nothing keeps the API’s own message and errorNo, -2 included (WeChat: no member yet)', async () => {
    const action = actionThrowing(new ApiError(-2, '该微信未绑定会员', 'x'), { failure: undefined });
    expect(await action(GOOD)).toEqual({ ok: false, message: '该微信未绑定会员', errorNo: -2 });
    const offline = actionThrowing(new ApiError(NETWORK_ERROR_NO, NETWORK_ERROR_MESSAGE, 'x'), { failure: undefined });
    expect(await offline(GOOD)).toEqual({ ok: false, message: '网络异常，请检查网络后重试', errorNo: NETWORK_ERROR_NO });
  });

  it('anything else is logged and answers 系统错误, never a rejection (Next’s 500)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(actionThrowing(new TypeError('x is undefined'))(GOOD)).resolves.toEqual({ ok: false, message: '系统错误，请稍后再试' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(calls).toBe(1);
  });

  it('refine adds the action’s own fields, with what was thrown and the clean input', async () => {
    const seen: unknown[] = [];
    const refusal = new ApiError(-1, '积分不足', 'x', { Reason: 'INSUFFICIENT_POINTS' });
    const action = actionThrowing(refusal, {
      refine: (failure, err, i) => {
        seen.push([err, i]);
        return { ...failure, reason: 'INSUFFICIENT_POINTS' };
      },
    });
    expect(await action(GOOD)).toEqual({ ok: false, message: '积分不足', errorNo: -1, reason: 'INSUFFICIENT_POINTS' });
    expect(seen).toEqual([[refusal, GOOD]]);
    // The gate's own refusals go through refine too, with nothing thrown and no input.
    request.headers = new Headers({ host: 'site.test' });
    expect(await action(GOOD)).toEqual({ ok: false, message: FORBIDDEN_MESSAGE, reason: 'INSUFFICIENT_POINTS' });
    expect(seen[1]).toEqual([null, undefined]);
  });
});
