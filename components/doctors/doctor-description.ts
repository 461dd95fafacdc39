import type { Doctor } from '@/lib/api/doctors';
import { summarize } from '@/lib/seo';

/** A bio that begins with the doctor's own name (`李建国，主任医师…`, as an API host may write it) loses it. */
function withoutLeadingName(introduction: string, name: string): string {
  const text = introduction.trim();
  return name && text.startsWith(name) ? text.slice(name.length).replace(/^[\s，,。：:、]+/, '') : text;
}

/**
 * The description of a doctor's pages (meta description, og:description): `lead` names the doctor, and the bio
 * follows without naming them again; what the doctor treats is added only when the bio does not say it already.
 */
export function doctorDescription(doctor: Doctor, lead: string): string {
  const bio = withoutLeadingName(doctor.introduction, doctor.name);
  const treats = doctor.specialties.length && !doctor.specialties.every((s) => bio.includes(s)) ? `擅长${doctor.specialties.join('、')}。` : '';
  return summarize(`${lead}。${treats}${bio}`, 150);
}
