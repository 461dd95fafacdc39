import { serializeJsonLd } from '@/lib/json-ld';

/**
 * Renders schema.org JSON-LD: the only element besides components/ui/sanitized-html.tsx that sets innerHTML,
 * and only with the text serializeJsonLd makes (a value can never close the script element).
 */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
