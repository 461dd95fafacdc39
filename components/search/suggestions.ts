import 'server-only';
/**
 * The header search's suggestions (docs/site-search.md): hot words that contain what was typed, patients'
 * words of the lay-term dictionary that do (掉头 → 掉头发, 即脱发), then a few doctors, clinics and
 * illnesses (each illness once), each a link. Read through lib/api, so cached as the lists are.
 */
import { getClinicPage } from '@/lib/api/clinics';
import { getDoctorPage } from '@/lib/api/doctors';
import { getHotWords } from '@/lib/api/search';
import { getIllnessPage } from '@/lib/api/specialties';
import { LAY_TERMS, layTermOf } from '@/lib/lay-terms';
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
  const typed = keyword.replace(/\s+/g, '');
  const shown = new Set(words.map((w) => w.label));
  const exact = layTermOf(keyword);
  const layWords = [...(exact ? [exact] : []), ...LAY_TERMS.filter((e) => e !== exact && e.term.includes(typed))]
    .filter((e) => !shown.has(e.term))
    .slice(0, EACH)
    .map((e): Suggestion => ({ kind: 'term', label: e.term, hint: `即${e.means.join('、')}`, href: routes.search(e.term) }));
  const [doctors, clinics, illnesses] = await Promise.all([
    getDoctorPage({ keyword, pageSize: EACH }),
    getClinicPage({ keyword, pageSize: EACH }),
    getIllnessPage({ keyword, pageSize: EACH, distinct: true }),
  ]);
  return [
    ...words,
    ...layWords,
    ...doctors.items.map((d): Suggestion => ({
      kind: 'doctor',
      label: d.name,
      hint: [d.title, d.department, d.clinicName].filter(Boolean).join(' · '),
      href: routes.doctorDetail(d.appointmentCode),
    })),
    ...clinics.items.map((c): Suggestion => ({ kind: 'clinic', label: c.name, hint: c.address, href: routes.hospitalDetail(c.code) })),
    ...illnesses.items.map((i): Suggestion => ({ kind: 'illness', label: i.name, hint: i.diseaseTypeName, href: routes.illnessDetail(i.id) })),
  ];
}
