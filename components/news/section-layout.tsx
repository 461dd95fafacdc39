import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { SIDEBAR_WIDTH_PX } from '@/lib/constants';
import { navGroups, routes } from '@/lib/routes';
import type { Crumb } from '@/lib/seo';
import { SectionBanner } from './section-banner';

/**
 * An inner page of a content section (关于我们, 圣爱公益, 帮助中心): the banner
 * with the page's h1, breadcrumbs, the section's links in a sidebar of SPEC
 * §9's width, and the content.
 */
export function SectionLayout({
  title,
  subtitle,
  bannerImage,
  crumbs,
  sidebar,
  currentHref,
  children,
}: {
  title: string;
  subtitle?: string;
  bannerImage?: string | null;
  crumbs: Crumb[];
  sidebar: { label: string; links: { label: string; href: string }[] };
  currentHref: string;
  children: ReactNode;
}) {
  return (
    <>
      <SectionBanner title={title} subtitle={subtitle} image={bannerImage} />
      <div className="mx-auto max-w-6xl px-4 py-6">
        <Breadcrumbs crumbs={crumbs} />
        <div className="mt-6 flex items-start gap-8">
          <nav
            aria-label={sidebar.label}
            style={{ width: SIDEBAR_WIDTH_PX }}
            className="shrink-0 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
          >
            <p className="bg-brand-700 px-5 py-3 font-semibold tracking-wider text-white">{sidebar.label}</p>
            <ul>
              {sidebar.links.map((l) => {
                const active = l.href === currentHref;
                return (
                  <li key={l.href} className="border-t border-stone-100">
                    <Link
                      href={l.href}
                      aria-current={active ? 'page' : undefined}
                      className={
                        active
                          ? 'block border-l-4 border-brand-700 bg-brand-50 px-4 py-3 font-medium text-brand-800'
                          : 'block border-l-4 border-transparent px-4 py-3 text-stone-700 hover:bg-stone-50 hover:text-brand-700'
                      }
                    >
                      {l.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="min-w-0 flex-1">{children}</div>
        </div>
      </div>
    </>
  );
}

/** The sidebar links of a main-navigation group (lib/routes navGroups), external links left out. */
export function sectionSidebar(groupLabel: '关于我们' | '圣爱公益'): { label: string; links: { label: string; href: string }[] } {
  const group = navGroups.find((g) => g.label === groupLabel);
  const links = (group?.links ?? []).filter((l) => !l.external);
  // 加入我们 (SPEC §2): the recruitment links and openings sit on the group introduction page.
  if (groupLabel === '关于我们') links.push({ label: '加入我们', href: `${routes.aboutHospital()}#join-us` });
  return { label: groupLabel, links };
}
