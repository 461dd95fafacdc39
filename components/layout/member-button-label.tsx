import type { SessionMember } from '@/components/overlays/types';

/** The member menu button's look: the menu (member-menu.tsx) and its loading placeholder share it, so nothing moves. */
export const MEMBER_BUTTON =
  'flex items-center gap-2 rounded px-2 py-1 text-stone-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700';

/** 金卡 您好，王雅琴 ▾ */
export function MemberButtonLabel({ member }: { member: SessionMember }) {
  return (
    <>
      <span className="rounded-sm bg-gold-400/20 px-1.5 py-0.5 text-xs text-amber-900">{member.levelName}</span>
      <span>您好，<strong className="text-brand-700">{member.name}</strong></span>
      <span aria-hidden="true">▾</span>
    </>
  );
}
