import type { SafeHtml } from '@/lib/sanitize';

/**
 * The one element of the site that sets innerHTML (docs/architecture.md): it takes only SafeHtml, which only
 * lib/sanitize.ts returns, so an unsanitized string from the API does not compile here. ESLint refuses
 * dangerouslySetInnerHTML anywhere else but the JSON-LD script (components/seo/json-ld.tsx).
 */
export function SanitizedHtml({ html, className }: { html: SafeHtml; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
