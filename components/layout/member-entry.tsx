'use client';
/**
 * The header's member island (issue 6): after hydration it asks /session/me,
 * so public pages stay static. Visitors get 登录 and 注册; a member gets their
 * name and a member menu with logout (SPEC §4: 您已退出登录 then / after 1 s,
 * or 退出失败，请稍后再试).
 */
import Link from 'next/link';
import { useState } from 'react';
import { LOGOUT_REDIRECT_MS } from '@/lib/constants';
import { messages } from '@/lib/messages';
import { homePath } from '@/lib/internal-paths';
import { openOverlay } from '@/components/overlays/overlay-store';
import { sessionMember, useSessionMember } from '@/components/overlays/use-session';
import { showToast } from '@/components/ui/toast';
import { MenuButton } from './menu-button';


const ITEM = 'block w-full px-4 py-2 text-left text-stone-700 hover:bg-brand-50 hover:text-brand-700 focus:outline-none focus-visible:bg-brand-50 focus-visible:text-brand-700';

/** `links`: the member menu's pages, given by the (server) header so this island needs no route table. */
export function MemberEntry({ links }: { links: readonly { label: string; href: string }[] }) {
  const session = useSessionMember();
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    setLeaving(true);
    try {
      // A route, not a server action: the action's re-render of a member page would show 请先登录.
      const r = (await fetch('/session/logout', { method: 'POST' }).then((res) => res.json())) as { ok?: boolean };
      if (!r.ok) {
        showToast(messages.logoutFailed, 'error');
        return setLeaving(false);
      }
      sessionMember.set(null);
      showToast(messages.logoutSuccess, 'success');
      setTimeout(() => window.location.assign(homePath()), LOGOUT_REDIRECT_MS);
    } catch {
      showToast(messages.logoutFailed, 'error');
      setLeaving(false);
    }
  }

  if (session.isPending) {
    // Keyed apart from the visitor's row so React mounts that row anew instead of resizing this node
    // in place, which the browser counts as a layout shift (Lighthouse CLS).
    return <div key="pending" className="h-7 w-44 animate-pulse rounded bg-stone-200/70" aria-hidden="true" />;
  }

  const member = session.data;
  if (!member) {
    return (
      <div key="visitor" className="flex items-center gap-3 text-sm">
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
    <MenuButton
      className="relative text-sm"
      buttonClassName="flex items-center gap-2 rounded px-2 py-1 text-stone-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      menuClassName="absolute right-0 top-full z-50 mt-1 w-40 rounded-md bg-white py-1 shadow-lg ring-1 ring-stone-200"
      label={
        <>
          <span className="rounded-sm bg-gold-400/20 px-1.5 py-0.5 text-xs text-amber-900">{member.levelName}</span>
          <span>您好，<strong className="text-brand-700">{member.name}</strong></span>
          <span aria-hidden="true">▾</span>
        </>
      }
    >
      {links.map((l) => (
        <Link key={l.href} href={l.href} role="menuitem" tabIndex={-1} className={ITEM}>
          {l.label}
        </Link>
      ))}
      <button type="button" role="menuitem" tabIndex={-1} onClick={logout} disabled={leaving}
        className={`${ITEM} border-t border-stone-100`}>
        退出登录
      </button>
    </MenuButton>
  );
}
