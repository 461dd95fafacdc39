import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/seo';

/** robots.txt (docs/decisions.md): member pages, the API and the redirect helper stay out of search engines. */
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: ['/userIndex', '/modifyInfor', '/dRecord/', '/booking', '/api/', '/redirect/'],
      },
    ],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
