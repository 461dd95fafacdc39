'use client';
/**
 * The header's member island (SPEC §4): after hydration it reads the session
 * (React Query, GET /session/me), so public pages stay the same for everyone.
 * Visitors get 登录 and 注册; a member gets their name and the member menu
 * (member-menu.tsx, Headless UI), loaded only then.
 */
import { lazy, Suspense } from 'react';
import { openOverlay } from '@/components/overlays/overlay-store';
import { useSessionMember } from '@/components/overlays/use-session';
import type { SessionMember } from '@/components/overlays/types';
import { MEMBER_BUTTON, MemberButtonLabel } from './member-button-label';

const MemberMenu = lazy(() => import('./member-menu').then((m) => ({ default: m.MemberMenu })));

/** The menu button as it will look, disabled, while the menu's code loads (nothing moves when it arrives). */
function MemberButtonPlaceholder({ member }: { member: SessionMember }) {
  return (
    <div className="relative text-sm">
      <button type="button" disabled aria-haspopup="menu" aria-expanded="false" className={MEMBER_BUTTON}>
        <MemberButtonLabel member={member} />
      </button>
    </div>
  );
}

/** `links`: the member menu's pages, given by the (server) header so this island needs no route table. */
export function MemberEntry({ links }: { links: readonly { label: string; href: string }[] }) {
  const session = useSessionMember();

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
    <Suspense fallback={<MemberButtonPlaceholder member={member} />}>
      <MemberMenu member={member} links={links} />
    </Suspense>
  );
}
