import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import type { DateOption, DoctorFilterCounts, FilterOption } from '@/lib/api/doctor-filters';
import { ClinicFilter } from './clinic-filter';
import type { FinderFilters } from './finder-filters';

/**
 * One chip: a link to the list it leaves, or, when it would leave no doctor (and is not the current choice),
 * plain text marked disabled, so nobody clicks into an empty list.
 */
function Chip({ href, active, empty, children }: { href: string; active: boolean; empty: boolean; children: ReactNode }) {
  if (empty && !active) {
    return (
      <span aria-disabled="true" className="inline-block cursor-not-allowed rounded-full border border-stone-200 px-2.5 py-1 text-stone-400">
        {children}
      </span>
    );
  }
  return (
    <Link
      href={href}
      aria-current={active ? 'true' : undefined}
      className={`inline-block rounded-full border px-2.5 py-1 ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 text-stone-700 hover:border-brand-600 hover:text-brand-700'}`}
    >
      {children}
    </Link>
  );
}

/** One filter row: 不限 and each option with how many doctors it leaves; links, so it works without JS. */
function CountedFilter({
  label,
  options,
  current,
  hrefFor,
  testId,
  children,
}: {
  label: string;
  options: FilterOption[];
  current: string;
  hrefFor: (value: string) => string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start gap-2 text-sm" data-testid={testId}>
      <span className="w-12 flex-none whitespace-nowrap py-1 text-stone-600">{label}：</span>
      <ul className="flex flex-1 flex-wrap gap-1.5">
        <li>
          <Chip href={hrefFor('')} active={current === ''} empty={false}>
            不限
          </Chip>
        </li>
        {options.map((o) => (
          <li key={o.value}>
            <Chip href={hrefFor(o.value)} active={o.value === current} empty={o.count === 0}>
              {o.label}
              {o.count >= 0 ? <span className="ml-1 opacity-80">({o.count})</span> : null}
            </Chip>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}

/** 2026-11-28 → 11/28. */
const shortDate = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

/**
 * The 14 days from today as a strip of chips (docs/doctor-finder.md "Who is free when"), each with how many
 * doctors have an open number that day; a day with none is disabled.
 */
export function DateStrip({ dates, current, hrefFor }: { dates: DateOption[]; current: string; hrefFor: (date: string) => string }) {
  const chip = 'flex w-[3.6rem] flex-col items-center rounded-md border px-1 py-0.5 leading-tight';
  return (
    <div className="flex items-start gap-2 text-sm" data-testid="filter-date">
      <span className="w-12 flex-none whitespace-nowrap py-2 text-stone-600">日期：</span>
      <ul className="flex flex-1 flex-wrap gap-1.5">
        <li>
          <Link
            href={hrefFor('')}
            aria-current={current === '' ? 'true' : undefined}
            className={`${chip} h-full justify-center ${current === '' ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 text-stone-700 hover:border-brand-600'}`}
          >
            不限
          </Link>
        </li>
        {dates.map((d, i) => {
          const name = i === 0 ? '今天' : i === 1 ? '明天' : d.weekday;
          const label = `${d.value} ${d.weekday}，${d.count}位医生有号`;
          // On a link the label names it; on the disabled chip the shown words are hidden and the label is sr-only.
          const body = (hidden?: true) => (
            <>
              <span aria-hidden={hidden} className="text-xs">
                {name}
              </span>
              <span aria-hidden={hidden}>{shortDate(d.value)}</span>
              <span aria-hidden={hidden} className="text-xs opacity-80">
                ({d.count})
              </span>
            </>
          );
          if (d.count === 0 && d.value !== current) {
            // aria-label is not allowed on a plain span (the W3C Nu checker refuses it; docs/bench.md audits every
            // page with it): the shown words are hidden from assistive technology and the label is sr-only text.
            // Today's chip is one of these after the day's last slot, so the page must be valid at any hour.
            return (
              <li key={d.value}>
                <span aria-disabled="true" className={`${chip} cursor-not-allowed border-stone-200 text-stone-400`}>
                  <span className="sr-only">{label}</span>
                  {body(true)}
                </span>
              </li>
            );
          }
          const active = d.value === current;
          return (
            <li key={d.value}>
              <Link
                href={hrefFor(d.value)}
                aria-label={label}
                aria-current={active ? 'true' : undefined}
                className={`${chip} ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 text-stone-700 hover:border-brand-600 hover:text-brand-700'}`}
              >
                {body()}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The keyword, the clinic in a searchable combobox, 科室 and 职称 as chips, online now, and the 14 days, each
 * option with its count (docs/doctor-finder.md "The filter panel"), compact enough that the first doctor is
 * above the fold at 1366×900; `counts` null: the keyword alone (the host does not count).
 */
export function FinderFilterPanel({
  counts,
  filters,
  hrefFor,
  search,
  withDepartments = true,
}: {
  counts: DoctorFilterCounts | null;
  filters: FinderFilters;
  hrefFor: (over: Partial<FinderFilters>) => string;
  /** The keyword box, drawn on the clinic's row. */
  search?: ReactNode;
  /** False on a department's own page, where the department is given. */
  withDepartments?: boolean;
}) {
  if (!counts) return <>{search}</>;
  const clinics = [
    { value: '', label: '全部门诊', count: -1, href: hrefFor({ clinic: '' }) },
    ...counts.clinics.map((c) => ({ ...c, href: hrefFor({ clinic: c.value }) })),
  ];
  return (
    <div className="space-y-2.5">
      <div className="flex flex-wrap items-center gap-x-8 gap-y-2">
        {search}
        <div className="flex items-center gap-2 text-sm" data-testid="filter-clinic">
          <span className="whitespace-nowrap text-stone-600">门诊：</span>
          <ClinicFilter choices={clinics} current={filters.clinic} />
        </div>
      </div>
      {withDepartments ? (
        <CountedFilter label="科室" testId="filter-department" options={counts.departments} current={filters.department} hrefFor={(v) => hrefFor({ department: v })} />
      ) : null}
      <CountedFilter label="职称" testId="filter-title" options={counts.titles} current={filters.title} hrefFor={(v) => hrefFor({ title: v })}>
        <div className="flex items-center gap-2" data-testid="filter-online">
          <Chip href={hrefFor({ online: !filters.online })} active={filters.online} empty={counts.online === 0}>
            可在线问诊<span className="ml-1 opacity-80">({counts.online})</span>
          </Chip>
        </div>
      </CountedFilter>
      {counts.dates.length ? <DateStrip dates={counts.dates} current={filters.date} hrefFor={(date) => hrefFor({ date })} /> : null}
    </div>
  );
}
