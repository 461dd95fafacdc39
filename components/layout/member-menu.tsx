'use client';
/**
 * The signed-in member's menu in the header: Headless UI's Menu (the WAI-ARIA
 * menu button, as the dialogs use Headless UI's Dialog), with logout (SPEC §4:
 * 您已退出登录 then / after 1 s, or 退出失败，请稍后再试).
 * Loaded by member-entry.tsx only once the session says a member is signed in,
 * so visitors never download it.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { LOGOUT_REDIRECT_MS } from '@/lib/constants';
import { homePath } from '@/lib/internal-paths';
import { messages } from '@/lib/messages';
import type { SessionMember } from '@/components/overlays/types';
import { queryKeys } from '@/components/ui/query-keys';
import { showToast } from '@/components/ui/toast';
import { useSubmission } from '@/components/ui/use-submission';
import { MEMBER_BUTTON, MemberButtonLabel } from './member-button-label';

const ITEM =
  'block w-full px-4 py-2 text-left text-stone-700 data-focus:bg-brand-50 data-focus:text-brand-700 data-disabled:opacity-60';

export function MemberMenu({ member, links }: { member: SessionMember; links: readonly { label: string; href: string }[] }) {
  const queryClient = useQueryClient();
  // Logged out: the item stays disabled until the page leaves for / (SPEC §4).
  const [left, setLeft] = useState(false);
  // One logout at a time, never retried; a thrown request (the network) says 退出失败.
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

  return (
    <Menu as="div" className="relative text-sm">
      <MenuButton className={MEMBER_BUTTON}>
        <MemberButtonLabel member={member} />
      </MenuButton>
      {/* Not modal: the page stays usable and a click outside simply closes the menu. */}
      <MenuItems modal={false} className="absolute right-0 top-full z-50 mt-1 w-40 rounded-md bg-white py-1 shadow-lg ring-1 ring-stone-200 focus:outline-none">
        {links.map((l) => (
          <MenuItem key={l.href}>
            <Link href={l.href} className={ITEM}>
              {l.label}
            </Link>
          </MenuItem>
        ))}
        <MenuItem disabled={pending || left}>
          <button type="button" onClick={logout} className={`${ITEM} border-t border-stone-100`}>
            退出登录
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
