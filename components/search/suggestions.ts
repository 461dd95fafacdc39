import 'server-only';
/**
 * The header search's suggestions (docs/site-search.md): hot words that contain what was typed, then a
 * few doctors, clinics and illnesses, each a link. Read through lib/api, so cached as the lists are.
 */
import { getClinicPage } from '@/lib/api/clinics';
import { getDoctorPage } from '@/lib/api/doctors';
import { getHotWords } from '@/lib/api/search';
import { getIllnessPage } from '@/lib/api/specialties';
import { routes } from '@/lib/routes';
import type { Suggestion } from './suggestion-types';

const EACH = 3;

export async function searchSuggestions(keyword: string): Promise<Suggestion[]> {
  const hotWords = await getHotWords(20);
  const words = hotWords
    .map((w) => w.word)
    .filter((w) => !keyword || w.toLowerCase().includes(keyword.toLowerCase()))
    .slice(0, keyword ? EACH : 8)
    .map((w): Suggestion => ({ kind: 'word', label: w, hint: '', href: routes.search(w) }));
  if (!keyword) return words;
  const [doctors, clinics, illnesses] = await Promise.all([
    getDoctorPage({ keyword, pageSize: EACH }),
    getClinicPage({ keyword, pageSize: EACH }),
    getIllnessPage({ keyword, pageSize: 10 }),
  ]);
  const seen = new Set<string>();
  const uniqueIllnesses = illnesses.items.filter((i) => !seen.has(i.name) && seen.add(i.name)).slice(0, EACH);
  return [
    ...words,
    ...doctors.items.map((d): Suggestion => ({
      kind: 'doctor',
      label: d.name,
      hint: [d.title, d.department, d.clinicName].filter(Boolean).join(' · '),
      href: routes.doctorDetail(d.appointmentCode),
    })),
    ...clinics.items.map((c): Suggestion => ({ kind: 'clinic', label: c.name, hint: c.address, href: routes.hospitalDetail(c.code) })),
    ...uniqueIllnesses.map((i): Suggestion => ({ kind: 'illness', label: i.name, hint: i.diseaseTypeName, href: routes.illnessDetail(i.id) })),
  ];
}
