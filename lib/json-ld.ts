declare const jsonLdText: unique symbol;
/** The text of a JSON-LD script element, made only by serializeJsonLd. */
export type JsonLdText = string & { readonly [jsonLdText]: true };

/**
 * schema.org data as the text of `<script type="application/ld+json">` (ARCHITECTURE: detail pages add JSON-LD).
 * JSON.stringify escapes quotes and control characters; `<` is escaped as well, so a value from the API can never
 * close the script element (`</script>`) or open a comment (`<!--`). U+2028/U+2029 are escaped for old parsers.
 */
export function serializeJsonLd(data: object): JsonLdText {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029') as JsonLdText;
}
