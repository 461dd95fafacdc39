import { JsonLd } from '@/components/seo/json-ld';
import type { DoctorSummary } from '@/lib/api/doctors';
import type { Illness } from '@/lib/api/specialties';
import { routes } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';

/**
 * schema.org for an illness page (docs/seo-sharing.md): the MedicalCondition with its signs and its TCM treatment
 * (possibleTreatment), the clinic that offers it, and the doctors the page lists, each a Physician who knows about
 * the condition. One @graph, so the nodes point at each other by @id.
 */
export function medicalConditionData(illness: Illness, doctors: DoctorSummary[]): object {
  const url = absoluteUrl(routes.illnessDetail(illness.id));
  const conditionId = `${url}#condition`;
  const clinicUrl = absoluteUrl(routes.hospitalDetail(illness.clinicCode));
  const signs = illness.symptoms
    .split(/[，、。；,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'MedicalCondition',
        '@id': conditionId,
        name: illness.name,
        url,
        description: illness.summary,
        ...(signs.length ? { signOrSymptom: signs.map((name) => ({ '@type': 'MedicalSignOrSymptom', name })) } : {}),
        ...(illness.treatment
          ? { possibleTreatment: { '@type': 'MedicalTherapy', name: `${illness.name}的中医治疗`, description: illness.treatment } }
          : {}),
      },
      {
        '@type': 'MedicalClinic',
        '@id': clinicUrl,
        name: illness.clinicName,
        url: clinicUrl,
        availableService: { '@id': conditionId },
      },
      ...doctors.map((d) => {
        const doctorUrl = absoluteUrl(routes.doctorDetail(d.appointmentCode));
        return {
          '@type': 'Physician',
          '@id': doctorUrl,
          name: d.name,
          url: doctorUrl,
          jobTitle: d.title,
          medicalSpecialty: d.department,
          knowsAbout: { '@id': conditionId },
        };
      }),
    ],
  };
}

export function MedicalConditionJsonLd({ illness, doctors }: { illness: Illness; doctors: DoctorSummary[] }) {
  return <JsonLd data={medicalConditionData(illness, doctors)} />;
}
