import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DepartmentJsonLd } from '@/components/doctors/department-json-ld';
import { DoctorCard } from '@/components/doctors/doctor-card';
import { DetailSection } from '@/components/doctors/doctor-profile';
import { FinderFilterPanel } from '@/components/doctors/finder-filter-panel';
import { droppedNotices, finderQuery, parseFinderFilters, settleFilters, type FinderFilters } from '@/components/doctors/finder-filters';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Link } from '@/components/ui/link';
import { Pagination } from '@/components/ui/pagination';
import { getDepartment } from '@/lib/api/departments';
import { getDoctorFilterCounts } from '@/lib/api/doctor-filters';
import { getDoctorPage } from '@/lib/api/doctors';
import { DEFAULT_PROVINCE, DOCTOR_SORTS, pickOption } from '@/lib/constants';
import { routes } from '@/lib/routes';
import { pageMetadata, summarize } from '@/lib/seo';
import { lastPage, parsePage, single, type SearchParams } from '@/lib/url-params';

interface Props {
  params: Promise<{ name: string }>;
  searchParams: Promise<SearchParams>;
}

const PAGE_SIZE = 12;

/** The department's name from its path segment (decoded once more if it arrives still encoded); null when malformed. */
function departmentName(raw: string): string | null {
  let name = raw;
  try {
    if (/%[0-9a-f]{2}/i.test(name)) name = decodeURIComponent(name);
  } catch {
    return null;
  }
  return /^[\u4e00-\u9fa5]{2,10}$/.test(name) ? name : null;
}

async function load(params: Props['params']) {
  const name = departmentName((await params).name);
  return name ? getDepartment(name) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const department = await load(params);
  if (!department) return { title: '科室不存在' };
  return pageMetadata({
    title: `${department.name} · 科室介绍`,
    description: summarize(department.introduction, 150),
    path: routes.department(department.name),
  });
}

/**
 * A department (docs/doctor-finder.md "Department pages"): what it treats, the illnesses its doctors treat,
 * its doctors group-wide with the finder's filters (职称, clinic, online now, a date with an open number, SPEC §9
 * sorts), and the clinics that have it. The URL holds the list's state, as the finder's does.
 */
export default async function DepartmentPage({ params, searchParams }: Props) {
  const department = await load(params);
  if (!department) notFound();
  const sp = await searchParams;
  const parsed = parseFinderFilters({ ...sp, dept: undefined });
  const page = parsePage(sp.page, 1000);
  if (!parsed || page === null || sp.dept !== undefined) notFound();
  const sort = pickOption(DOCTOR_SORTS, single(sp.sort));
  // The department's options with nothing chosen are read first: a chosen value is checked against them
  // before anything is read with it (docs/security.md "Disk growth through query values").
  const settled = settleFilters(parsed, await getDoctorFilterCounts({ department: department.name }));
  const staleDate = settled.dropped.date === 'stale';
  const notices = droppedNotices(settled.dropped);
  const filters: FinderFilters = { ...settled.filters, department: department.name };
  const base = {
    department: department.name,
    orgCode: filters.clinic || undefined,
    title: filters.title,
    onlineOnly: filters.online,
    date: filters.date || undefined,
    unchecked: !settled.checked,
  };
  const counts = await getDoctorFilterCounts(base);
  const doctors = await getDoctorPage({ ...base, sort, page, pageSize: PAGE_SIZE });
  if (page > lastPage(doctors.total, PAGE_SIZE)) notFound();
  // The department is the page itself, never a query value.
  const query = (over: { sort?: string; page?: number; filters?: Partial<FinderFilters> }) => ({
    ...finderQuery({ sort: over.sort ?? sort, keyword: '', filters: { ...filters, ...over.filters }, page: over.page }),
    dept: undefined,
  });
  const href = (over: Parameters<typeof query>[0]) => `${routes.department(department.name, query(over))}#doctors`;
  const filtered = Boolean(filters.title || filters.clinic || filters.online || filters.date);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: '首页', path: routes.home() },
          { name: '找医生', path: routes.doctorList() },
          { name: department.name, path: routes.department(department.name) },
        ]}
      />
      <DepartmentJsonLd department={department} />
      <section className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-baseline gap-4">
          <h1 className="text-2xl font-bold text-stone-900">{department.name}</h1>
          <p className="text-sm text-stone-600">
            <span className="font-semibold text-brand-700">{department.doctorCount}</span> 位医生 ·{' '}
            <span className="font-semibold text-brand-700">{department.clinicCount}</span> 家门诊开设
          </p>
          <Link href={routes.doctorList(DEFAULT_PROVINCE.id, { dept: department.name })} className="ml-auto text-sm text-brand-700 hover:underline">
            在找医生中查看 ›
          </Link>
        </div>
        <p className="mt-3 leading-8 text-stone-800">{department.introduction}</p>
        {department.illnesses.length ? (
          <div className="mt-4">
            <h2 className="mb-2 text-sm font-medium text-stone-700">常见病症</h2>
            <ul className="flex flex-wrap gap-2" data-testid="department-illnesses">
              {department.illnesses.map((i) => (
                <li key={i.id}>
                  <Link href={routes.illnessDetail(i.id)} className="filter-chip inline-block text-sm">
                    {i.name}
                    <span className="ml-1 text-xs opacity-80">({i.doctorCount}位医生)</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
      <DetailSection id="doctors" title={`${department.name}医生`}>
        <div className="space-y-3">
          <FilterTabs label="排序" options={DOCTOR_SORTS} current={sort} hrefFor={(v) => href({ sort: v, page: 1 })} />
          <FinderFilterPanel counts={counts} filters={filters} withDepartments={false} hrefFor={(over) => href({ filters: over, page: 1 })} />
          {staleDate ? (
            <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              所选日期不在可预约的14天内，下面是全部日期的医生。
            </p>
          ) : null}
          {notices.map((notice) => (
            <p key={notice} role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              {notice}
            </p>
          ))}
          <p className="text-sm text-stone-700" data-route-focus>
            共 <span className="font-semibold text-brand-700" data-testid="doctor-total">{doctors.total}</span> 位医生{filtered ? '符合所选条件' : ''}
          </p>
          {doctors.items.length === 0 ? (
            <EmptyState title="没有符合条件的医生" hint="换个日期、职称或门诊试试" action={{ label: '清除筛选条件', href: routes.department(department.name) }} />
          ) : (
            <ul className="grid grid-cols-2 gap-4">
              {doctors.items.map((d) => (
                <li key={d.appointmentCode}>
                  <DoctorCard doctor={d} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={doctors.page} pageSize={doctors.pageSize} total={doctors.total} hrefFor={(p) => href({ page: p })} />
        </div>
      </DetailSection>
      <DetailSection id="clinics" title={`开设${department.name}的门诊`}>
        <ul className="grid grid-cols-3 gap-3" data-testid="department-clinics">
          {department.clinics.map((c) => (
            <li key={c.code} className="flex items-center justify-between rounded-md bg-stone-50 px-3 py-2 text-sm">
              <Link href={routes.hospitalDetail(c.code)} className="text-stone-800 hover:text-brand-700 hover:underline">
                {c.name}
              </Link>
              <Link href={href({ filters: { clinic: c.code }, page: 1 })} className="flex-none text-brand-700 hover:underline" aria-label={`${c.name}的${department.name}医生（${c.doctorCount}位）`}>
                {c.doctorCount}位医生
              </Link>
            </li>
          ))}
        </ul>
      </DetailSection>
    </div>
  );
}
