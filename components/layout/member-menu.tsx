'use client';
/**
 * The signed-in member's menu in the header: Headless UI's Menu (the WAI-ARIA
 * menu button, as the dialogs use Headless UI's Dialog), with logout (SPEC §4:
 * 您已退出登录 then / after 1 s, or 退出失败，请稍后再试).
 * Loaded by member-entry.tsx only once the session says a member is signed in,
 * so visitors never download it.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from '@/components/ui/link';
import type { SessionMember } from '@/components/overlays/types';
import { MEMBER_BUTTON, MemberButtonLabel } from './member-button-label';
import { useLogout } from './use-logout';

const ITEM =
  'block w-full px-4 py-2 text-left text-stone-700 data-focus:bg-brand-50 data-focus:text-brand-700 data-disabled:opacity-60';

export function MemberMenu({ member, links }: { member: SessionMember; links: readonly { label: string; href: string }[] }) {
  const { logout, disabled } = useLogout();

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
        <MenuItem disabled={disabled}>
          <button type="button" onClick={logout} className={`${ITEM} border-t border-stone-100`}>
            退出登录
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
