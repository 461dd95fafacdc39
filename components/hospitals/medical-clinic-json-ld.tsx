import { JsonLd } from '@/components/seo/json-ld';
import type { Clinic } from '@/lib/api/clinics';
import { routes } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';

/** schema.org MedicalClinic for a clinic's page (docs/architecture.md). */
export function MedicalClinicJsonLd({ clinic }: { clinic: Clinic }) {
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'MedicalClinic',
        name: clinic.name,
        url: absoluteUrl(routes.hospitalDetail(clinic.code)),
        image: absoluteUrl(clinic.image),
        telephone: clinic.phone,
        description: clinic.introduction,
        medicalSpecialty: 'TraditionalChinese',
        openingHours: clinic.hours,
        address: {
          '@type': 'PostalAddress',
          streetAddress: clinic.address,
          addressLocality: clinic.city,
          addressRegion: clinic.provinceName,
          addressCountry: 'CN',
        },
        geo: { '@type': 'GeoCoordinates', latitude: clinic.lat, longitude: clinic.lng },
      }}
    />
  );
}
