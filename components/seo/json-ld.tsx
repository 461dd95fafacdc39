/**
 * Renders schema.org JSON-LD. `<` is escaped so that a value can never close
 * the script element (content comes from the API).
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
