'use client';
/**
 * The header's member island (issue 6): after hydration it asks /session/me,
 * so public pages stay static. Visitors get 登录 and 注册; a member gets their
 * name and a member menu with logout (SPEC §4: 您已退出登录 then / after 1 s,
 * or 退出失败，请稍后再试).
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { LOGOUT_REDIRECT_MS } from '@/lib/constants';
import { messages } from '@/lib/messages';
import { routes } from '@/lib/routes';
import { logoutAction } from '@/components/overlays/actions';
import { openOverlay } from '@/components/overlays/overlay-store';
import { SESSION_QUERY_KEY, useSessionMember } from '@/components/overlays/use-session';
import { showToast } from '@/components/ui/toast';

const MEMBER_LINKS = [
  { label: '个人信息', href: routes.userIndex() },
  { label: '修改资料', href: routes.modifyInfo() },
  { label: '挂号记录', href: routes.registrationRecords() },
];

export function MemberEntry() {
  const session = useSessionMember();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    setLeaving(true);
    try {
      const r = await logoutAction();
      if (!r.ok) {
        showToast(messages.logoutFailed, 'error');
        return setLeaving(false);
      }
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      showToast(messages.logoutSuccess, 'success');
      setTimeout(() => window.location.assign(routes.home()), LOGOUT_REDIRECT_MS);
    } catch {
      showToast(messages.logoutFailed, 'error');
      setLeaving(false);
    }
  }

  if (session.isPending) {
    return <div className="h-7 w-44 animate-pulse rounded bg-stone-200/70" aria-hidden="true" />;
  }

  const member = session.data;
  if (!member) {
    return (
      <div className="flex items-center gap-3 text-sm">
        <span className="text-stone-600">欢迎来到圣爱中医</span>
        <button type="button" onClick={() => openOverlay('login')}
          className="rounded border border-brand-700 px-3 py-1 text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700">
          登录
        </button>
        <button type="button" onClick={() => openOverlay('phoneCheck')}
          className="rounded bg-brand-700 px-3 py-1 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
          注册
        </button>
      </div>
    );
  }

  return (
    <Menu as="div" className="relative text-sm">
      <MenuButton className="flex items-center gap-2 rounded px-2 py-1 text-stone-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700">
        <span className="rounded-sm bg-gold-400/20 px-1.5 py-0.5 text-xs text-amber-900">{member.levelName}</span>
        <span>您好，<strong className="text-brand-700">{member.name}</strong></span>
        <span aria-hidden="true">▾</span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-1 w-40 rounded-md bg-white py-1 shadow-lg ring-1 ring-stone-200 focus:outline-none">
        {MEMBER_LINKS.map((l) => (
          <MenuItem key={l.href}>
            <Link href={l.href} className="block px-4 py-2 text-stone-700 data-[focus]:bg-brand-50 data-[focus]:text-brand-700">
              {l.label}
            </Link>
          </MenuItem>
        ))}
        <MenuItem>
          <button type="button" onClick={logout} disabled={leaving}
            className="block w-full border-t border-stone-100 px-4 py-2 text-left text-stone-700 data-[focus]:bg-brand-50 data-[focus]:text-brand-700">
            退出登录
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
