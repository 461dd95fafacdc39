import { JsonLd } from '@/components/seo/json-ld';
import type { Doctor } from '@/lib/api/doctors';
import type { EvaluationRatio } from '@/lib/api/evaluations';
import { routes } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';

/** schema.org Physician for a doctor's page (docs/architecture.md). */
export function PhysicianJsonLd({ doctor, ratio }: { doctor: Doctor; ratio?: EvaluationRatio }) {
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'Physician',
        name: doctor.name,
        url: absoluteUrl(routes.doctorDetail(doctor.appointmentCode)),
        image: absoluteUrl(doctor.avatar),
        description: doctor.introduction,
        jobTitle: doctor.title,
        medicalSpecialty: doctor.department,
        knowsAbout: doctor.specialties,
        worksFor: {
          '@type': 'MedicalClinic',
          name: doctor.clinicName,
          url: absoluteUrl(routes.hospitalDetail(doctor.clinicCode)),
        },
        ...(ratio && ratio.total > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: ratio.satisfiedRate,
                bestRating: 100,
                worstRating: 0,
                ratingCount: ratio.total,
              },
            }
          : {}),
      }}
    />
  );
}
