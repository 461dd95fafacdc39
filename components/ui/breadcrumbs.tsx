import { Link } from '@/components/ui/link';
import { JsonLd } from '@/components/seo/json-ld';
import { breadcrumbJsonLd, type Crumb } from '@/lib/seo';

/**
 * Visible breadcrumbs plus their BreadcrumbList JSON-LD. The last crumb is the current page. A link centres its
 * name: in 长者模式 it is a 44 px target (app/globals.css), and its name stays on the line of the others.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <>
      <nav aria-label="面包屑导航" className="text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-1">
          {crumbs.map((c, i) => {
            const last = i === crumbs.length - 1;
            return (
              <li key={`${c.path}-${i}`} className="flex items-center gap-1">
                {last ? (
                  <span aria-current="page" className="text-stone-800">
                    {c.name}
                  </span>
                ) : (
                  <>
                    <Link href={c.path} className="inline-flex items-center hover:text-brand-700 hover:underline">
                      {c.name}
                    </Link>
                    <span aria-hidden="true">›</span>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <JsonLd data={breadcrumbJsonLd(crumbs)} />
    </>
  );
}
