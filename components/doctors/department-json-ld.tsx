import { JsonLd } from '@/components/seo/json-ld';
import type { Department } from '@/lib/api/departments';
import { routes } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';

/**
 * schema.org for a department's page (docs/seo-sharing.md): a MedicalWebPage about the department as a
 * MedicalSpecialty, with the clinics that have it and the conditions its doctors treat.
 */
export function DepartmentJsonLd({ department }: { department: Department }) {
  const url = absoluteUrl(routes.department(department.name));
  const specialty = { '@type': 'MedicalSpecialty', '@id': `${url}#specialty`, name: department.name, description: department.introduction, url };
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'MedicalWebPage',
        name: `${department.name} · 圣爱中医`,
        url,
        description: department.introduction,
        inLanguage: 'zh-CN',
        specialty,
        about: [
          specialty,
          ...department.illnesses.map((i) => ({ '@type': 'MedicalCondition', name: i.name, url: absoluteUrl(routes.illnessDetail(i.id)) })),
        ],
        mentions: department.clinics.map((c) => ({
          '@type': 'MedicalClinic',
          name: c.name,
          url: absoluteUrl(routes.hospitalDetail(c.code)),
          medicalSpecialty: { '@id': specialty['@id'] },
        })),
      }}
    />
  );
}
