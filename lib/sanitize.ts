/**
 * Article bodies come from the API as HTML (docs/architecture.md). They are sanitized on the
 * server with an explicit allowlist before rendering: http, https and mailto
 * links; images (http, https or site-relative); no scripts, no event handlers,
 * no javascript: URLs, no style, iframe or object.
 */
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code',
  'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'span',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Dropped with their content: a script's text must never show as text either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  // An image needs a site path or an http(s) URL; a broken `src=x` is dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(\/(?!\/)|https?:\/\/)/i.test(frame.attribs.src ?? ''),
  transformTags: {
    // An external link opens in a new tab without handing over window.opener.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (/^https?:\/\//i.test(href)) {
        return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } };
      }
      const rest = { ...attribs };
      delete rest.target;
      return { tagName, attribs: rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs, loading: 'lazy' } }),
  },
};

declare const safeHtml: unique symbol;
/**
 * HTML that went through sanitizeArticleHtml. Only this module makes one (the brand cannot be written
 * elsewhere without a cast, which ESLint refuses), and components/ui/sanitized-html.tsx, the one place that
 * sets innerHTML, takes nothing else (docs/architecture.md).
 */
export type SafeHtml = string & { readonly [safeHtml]: true };

/** Safe HTML for components/ui/sanitized-html.tsx. */
export function sanitizeArticleHtml(html: string | null | undefined): SafeHtml {
  if (!html) return '' as SafeHtml;
  return sanitizeHtml(html, OPTIONS) as SafeHtml;
}

/** Plain text of an HTML fragment (descriptions, search snippets). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
