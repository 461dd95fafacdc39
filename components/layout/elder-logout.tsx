'use client';
/**
 * The 长者模式 header's 退出登录 (docs/elder-mode.md "The simpler header"): no member menu there, so a member on a
 * shared family computer logs out with one plain button beside 退出长者模式. Visitors see nothing (我的预约 leads
 * them to the login). The header is cached per mode for everyone, so the session is read after hydration.
 */
import { useSessionMember } from '@/components/overlays/use-session';
import { useLogout } from './use-logout';

export function ElderLogout() {
  const session = useSessionMember();
  const { logout, disabled } = useLogout();
  if (!session.data) return null;
  return (
    <button
      type="button"
      onClick={logout}
      disabled={disabled}
      className="inline-flex min-h-8 items-center rounded border border-stone-400 bg-white px-3 py-1 text-sm font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
    >
      退出登录
    </button>
  );
}
