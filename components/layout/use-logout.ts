'use client';
/**
 * Logout (SPEC §4): 您已退出登录, then / after LOGOUT_REDIRECT_MS; or 退出失败，请稍后再试. One at a time and never
 * retried; once logged out, `disabled` stays true until the page leaves. Used by the member menu and by the
 * 长者模式 header's 退出登录 button.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LOGOUT_REDIRECT_MS } from '@/lib/constants';
import { homePath } from '@/lib/internal-paths';
import { messages } from '@/lib/messages';
import { queryKeys } from '@/components/ui/query-keys';
import { showToast } from '@/components/ui/toast';
import { useSubmission } from '@/components/ui/use-submission';

export function useLogout(): { logout: () => void; disabled: boolean } {
  const queryClient = useQueryClient();
  const [left, setLeft] = useState(false);
  // A thrown request (the network) says 退出失败.
  const { pending, run } = useSubmission((message) => showToast(message, 'error'), messages.logoutFailed);

  function logout() {
    run(async () => {
      // A route, not a server action: the action's re-render of a member page would show 请先登录.
      const r = (await fetch('/session/logout', { method: 'POST' }).then((res) => res.json())) as { ok?: boolean };
      if (!r.ok) return showToast(messages.logoutFailed, 'error');
      setLeft(true);
      // Every per-person read is now a visitor's: the header at once, the rest when asked.
      queryClient.setQueryData(queryKeys.sessionMember, null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.session, refetchType: 'none' });
      showToast(messages.logoutSuccess, 'success');
      setTimeout(() => window.location.assign(homePath()), LOGOUT_REDIRECT_MS);
    });
  }

  return { logout, disabled: pending || left };
}
