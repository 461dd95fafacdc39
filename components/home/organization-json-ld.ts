import { absoluteUrl } from '@/lib/seo';
import { siteConfig, siteUrl } from '@/lib/site-config';

/** schema.org Organization / MedicalOrganization of the home page (docs/architecture.md). */
export function organizationJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': ['Organization', 'MedicalOrganization'],
    name: siteConfig.groupName,
    alternateName: siteConfig.shortName,
    url: siteUrl(),
    logo: absoluteUrl('/logo.svg'),
    image: absoluteUrl('/images/share-card.png'),
    description: siteConfig.description,
    telephone: siteConfig.contact.hotline,
    email: siteConfig.contact.email,
    medicalSpecialty: 'TraditionalChinese',
    foundingDate: '2009',
    address: {
      '@type': 'PostalAddress',
      streetAddress: '五华区人民中路128号',
      addressLocality: '昆明市',
      addressRegion: '云南省',
      addressCountry: 'CN',
    },
  };
}
