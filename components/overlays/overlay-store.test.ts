import { describe, expect, it } from 'vitest';
import { showToast, visibleToasts } from '@/components/ui/toast';
import { messages } from '@/lib/messages';
import { loginCount, noteLogin } from './overlay-store';

describe('a login', () => {
  it('takes 请先登录 off the screen at once, and leaves the other messages', () => {
    showToast(messages.loginRequired, 'info');
    showToast('已收藏', 'success');
    expect(visibleToasts()).toEqual([messages.loginRequired, '已收藏']);
    const before = loginCount();
    noteLogin();
    expect(loginCount()).toBe(before + 1);
    expect(visibleToasts()).toEqual(['已收藏']);
  });
});
