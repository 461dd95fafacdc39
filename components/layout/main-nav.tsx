import { navGroups } from '@/lib/routes';
import { NavMenus } from './nav-menus';

/** The main navigation: every group of SPEC §2 with its sub-links, each group a disclosure menu (nav-menus.tsx). */
export function MainNav() {
  return (
    <nav aria-label="主导航">
      <NavMenus groups={navGroups} />
    </nav>
  );
}
