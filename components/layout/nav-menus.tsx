'use client';
/**
 * The main navigation's menus as disclosure buttons (WAI-ARIA "Disclosure Navigation Menu"; docs/elder-mode.md
 * "Keyboard"): each group is one button in the Tab order, and its links join the Tab order only once it is
 * opened (Enter or Space; Escape closes it and returns to the button; focus leaving the group closes it). A mouse
 * opens a group by hovering over it, in CSS (app/globals.css `nav-menu`), so that works before JavaScript too.
 * Before, every sub-link was a Tab stop: 56 Tabs from a doctor page's top to its first bookable slot.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@/components/ui/link';
import type { NavGroup, NavLink } from '@/lib/routes';

function NavItemLink({ link }: { link: NavLink }) {
  return link.external ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className="nav-link">
      {link.label}
      <span className="sr-only">（新窗口打开）</span>
    </a>
  ) : (
    <Link href={link.href} className="nav-link">
      {link.label}
    </Link>
  );
}

export function NavMenus({ groups }: { groups: readonly NavGroup[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(e: KeyboardEvent, label: string) {
    if (e.key !== 'Escape' || open !== label) return;
    setOpen(null);
    buttons.current.get(label)?.focus();
  }

  return (
    <ul className="flex flex-wrap items-stretch">
      {groups.map((group, i) => {
        if (group.links.length === 0) {
          return (
            <li key={group.label}>
              {group.href.startsWith('http') ? (
                <a href={group.href} target="_blank" rel="noopener noreferrer" className="nav-group-link">
                  {group.label}
                </a>
              ) : (
                <Link href={group.href} className="nav-group-link">
                  {group.label}
                </Link>
              )}
            </li>
          );
        }
        const id = `nav-menu-${i}`;
        const isOpen = open === group.label;
        return (
          <li
            key={group.label}
            className="nav-menu relative"
            onKeyDown={(e) => onKeyDown(e, group.label)}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen((o) => (o === group.label ? null : o));
            }}
          >
            <button
              type="button"
              ref={(el) => {
                if (el) buttons.current.set(group.label, el);
                else buttons.current.delete(group.label);
              }}
              className="nav-group-link"
              aria-expanded={isOpen}
              aria-controls={id}
              onClick={() => setOpen(isOpen ? null : group.label)}
            >
              {group.label}
              <span aria-hidden="true" className="ml-1 inline-block text-xs">
                ▾
              </span>
            </button>
            {/* The last groups open leftwards, so an open menu never leaves a narrow window. */}
            <div id={id} className={`nav-panel ${i >= groups.length - 2 ? 'right-0' : 'left-0'}`} data-open={isOpen ? '' : undefined}>
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
          </li>
        );
      })}
    </ul>
  );
}
