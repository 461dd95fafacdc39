import 'server-only';
/**
 * The result page's guides for every constitution (docs/constitution.md "The result"): its departments, the
 * doctors of those departments whose 擅长 names one of the type's specialties (lib/constitution/care.ts),
 * with a link that books their next open number, and the site's health articles the care text is in step
 * with. Public, cached reads; an outage leaves a guide empty, never the questionnaire down.
 */
import type { ConstitutionGuides, GuideDoctor, TypeGuide } from '@/components/constitution/guide-types';
import { getDoctorPage, type DoctorSummary } from '@/lib/api/doctors';
import { getNewsPage } from '@/lib/api/news';
import { CONSTITUTION_CARE } from '@/lib/constitution/care';
import { CONSTITUTION_TYPES } from '@/lib/constitution/items';
import { newsDetailHref } from '@/lib/news-routes';
import { NEWS_TYPES } from '@/lib/news-types';
import { routes } from '@/lib/routes';

/** Doctors offered per type. */
const DOCTORS_PER_TYPE = 3;

const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

async function departmentDoctors(department: string): Promise<DoctorSummary[]> {
  try {
    return (await getDoctorPage({ department, sort: 'praise', pageSize: 50 })).items;
  } catch {
    return [];
  }
}

function guideDoctor(d: DoctorSummary, fits: string[]): GuideDoctor {
  return {
    name: d.name,
    title: d.title,
    department: d.department,
    clinicName: d.clinicName,
    href: routes.doctorDetail(d.appointmentCode),
    bookHref: d.nextOpen ? routes.booking(d.nextOpen.slotId) : `${routes.doctorDetail(d.appointmentCode)}#schedule`,
    nextOpen: d.nextOpen ? `${monthDay(d.nextOpen.date)} ${d.nextOpen.shiftName}` : '',
    fits,
  };
}

export async function loadConstitutionGuides(): Promise<ConstitutionGuides> {
  const departments = [...new Set(CONSTITUTION_TYPES.flatMap((t) => CONSTITUTION_CARE[t].departments))];
  const [byDepartment, articles] = await Promise.all([
    Promise.all(departments.map(async (name) => [name, await departmentDoctors(name)] as const)).then((rows) => new Map(rows)),
    getNewsPage({ type: NEWS_TYPES.healthScience, pageSize: 100 })
      .then((page) => page.items)
      .catch(() => []),
  ]);
  const guides = {} as ConstitutionGuides;
  for (const t of CONSTITUTION_TYPES) {
    const care = CONSTITUTION_CARE[t];
    const doctors: GuideDoctor[] = [];
    for (const department of care.departments) {
      for (const d of byDepartment.get(department) ?? []) {
        if (doctors.length >= DOCTORS_PER_TYPE) break;
        const fits = d.specialties.filter((s) => care.specialties.includes(s));
        if (fits.length && !doctors.some((o) => o.href === routes.doctorDetail(d.appointmentCode))) doctors.push(guideDoctor(d, fits));
      }
    }
    const guide: TypeGuide = {
      departments: care.departments.map((name) => ({ name, href: routes.department(name) })),
      doctors,
      articles: care.articles.flatMap((title) => {
        const a = articles.find((n) => n.title === title);
        return a ? [{ title: a.title, href: newsDetailHref(a.type, a.id) }] : [];
      }),
    };
    guides[t] = guide;
  }
  return guides;
}
