import { Link } from '@/components/ui/link';
import type { Option } from '@/lib/constants';

/**
 * A row of filter or sort choices as links, so the choice lives in the URL
 * (ARCHITECTURE "Pages and caching"). Works without JavaScript.
 */
export function FilterTabs({
  label,
  options,
  current,
  hrefFor,
}: {
  label: string;
  options: readonly Option[];
  current: string;
  hrefFor: (value: string) => string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-stone-600">{label}：</span>
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => {
          const active = o.value === current;
          return (
            <li key={o.value || 'all'}>
              <Link
                href={hrefFor(o.value)}
                aria-current={active ? 'true' : undefined}
                className={
                  active
                    ? 'filter-chip-active'
                    : 'filter-chip'
                }
              >
                {o.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
