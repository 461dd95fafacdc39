/** WeChat login CSRF: the code counts only with the state this browser was given (docs/security.md). */
import { describe, expect, it } from 'vitest';
import { newWechatState, wechatStateMatches } from './wechat-state';

describe('wechatStateMatches', () => {
  it('accepts the state of the cookie and nothing else', () => {
    const state = newWechatState();
    expect(state).toMatch(/^[\w-]{24}$/);
    expect(newWechatState()).not.toBe(state);
    expect(wechatStateMatches(state, state)).toBe(true);
    expect(wechatStateMatches(state, newWechatState())).toBe(false);
    expect(wechatStateMatches(state, `${state}x`)).toBe(false);
    expect(wechatStateMatches(state, 'pc')).toBe(false);
  });

  it('refuses a code that comes without a state, or a browser that was given none', () => {
    expect(wechatStateMatches(newWechatState(), undefined)).toBe(false);
    expect(wechatStateMatches(newWechatState(), '')).toBe(false);
    expect(wechatStateMatches(undefined, 'pc')).toBe(false);
    expect(wechatStateMatches('', '')).toBe(false);
    expect(wechatStateMatches('abc', ['abc'])).toBe(false);
  });
});
