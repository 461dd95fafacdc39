import { Link } from '@/components/ui/link';
import type { DoctorFilterCounts, FilterOption } from '@/lib/api/doctor-filters';
import type { FinderFilters } from './finder-filters';

/** One filter row: 不限 and each option with how many doctors it leaves; links, so it works without JS. */
function CountedFilter({
  label,
  options,
  current,
  hrefFor,
  testId,
}: {
  label: string;
  options: FilterOption[];
  current: string;
  hrefFor: (value: string) => string;
  testId: string;
}) {
  const chip = (active: boolean) =>
    active
      ? 'filter-chip-active'
      : 'filter-chip';
  return (
    <div className="flex flex-wrap items-start gap-2 text-sm" data-testid={testId}>
      <span className="py-1 text-stone-600">{label}：</span>
      <ul className="flex flex-1 flex-wrap gap-2">
        <li>
          <Link href={hrefFor('')} aria-current={current === '' ? 'true' : undefined} className={chip(current === '')}>
            不限
          </Link>
        </li>
        {options.map((o) => (
          <li key={o.value}>
            <Link href={hrefFor(o.value)} aria-current={o.value === current ? 'true' : undefined} className={chip(o.value === current)}>
              {o.label}
              {o.count >= 0 ? <span className="ml-1 opacity-80">({o.count})</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 科室, 职称, clinic and online now, each with its count; `counts` null: the options without numbers. */
export function FinderFilterPanel({
  counts,
  filters,
  hrefFor,
}: {
  counts: DoctorFilterCounts | null;
  filters: FinderFilters;
  hrefFor: (over: Partial<FinderFilters>) => string;
}) {
  if (!counts) return null;
  return (
    <div className="space-y-3 border-t border-stone-100 pt-4">
      <CountedFilter label="科室" testId="filter-department" options={counts.departments} current={filters.department} hrefFor={(v) => hrefFor({ department: v })} />
      <CountedFilter label="职称" testId="filter-title" options={counts.titles} current={filters.title} hrefFor={(v) => hrefFor({ title: v })} />
      <CountedFilter label="门诊" testId="filter-clinic" options={counts.clinics} current={filters.clinic} hrefFor={(v) => hrefFor({ clinic: v })} />
      <CountedFilter
        label="在线"
        testId="filter-online"
        options={[{ value: '1', label: '可在线问诊', count: counts.online }]}
        current={filters.online ? '1' : ''}
        hrefFor={(v) => hrefFor({ online: v === '1' })}
      />
    </div>
  );
}
