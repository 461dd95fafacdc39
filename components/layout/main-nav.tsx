import { Link } from '@/components/ui/link';
import { navGroups, type NavLink } from '@/lib/routes';

function NavItemLink({ link }: { link: NavLink }) {
  const cls = 'nav-link';
  return link.external ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={cls}>
      {link.label}
      <span className="sr-only">（新窗口打开）</span>
    </a>
  ) : (
    <Link href={link.href} className={cls}>
      {link.label}
    </Link>
  );
}

/**
 * The main navigation: every group of SPEC §2 with its sub-links. Sub-menus
 * open on hover and on keyboard focus (focus-within), with no JavaScript.
 */
export function MainNav() {
  return (
    <nav aria-label="主导航">
      <ul className="flex flex-wrap items-stretch">
        {navGroups.map((group) => (
          <li key={group.label} className="group relative">
            {group.href.startsWith('http') ? (
              <a href={group.href} target="_blank" rel="noopener noreferrer" className="nav-group-link">
                {group.label}
              </a>
            ) : (
              <Link href={group.href} className="nav-group-link">
                {group.label}
              </Link>
            )}
            {group.links.length > 0 ? (
              <div className="nav-panel">
                <ul aria-label={group.label}>
                  {group.links.map((link) => (
                    <li key={link.label}>
                      <NavItemLink link={link} />
                    </li>
                  ))}
                </ul>
                {group.sections?.map((section) => (
                  <div key={section.label} className="mt-1 border-t border-stone-100 pt-1">
                    <p className="px-4 py-1 text-xs font-semibold text-stone-600">{section.label}</p>
                    <ul aria-label={section.label}>
                      {section.links.map((link) => (
                        <li key={link.label}>
                          <NavItemLink link={link} />
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
