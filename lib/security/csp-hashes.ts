/**
 * The CSP of a page answered from the whole-page cache (docs/decisions.md
 * "Cached pages: script hashes instead of a nonce"): the same bytes go to every
 * visitor, so they can be compressed once, and the page's inline scripts are
 * allowed by their SHA-256 hashes instead of a per-answer nonce.
 *
 * script-src is `'self'` plus the hashes: Next's own chunks load from
 * /_next/static (same origin), every inline script of this page is listed by
 * hash, and nothing else runs. No 'unsafe-inline' and no 'strict-dynamic' (which
 * would need the external chunks hashed too). The MDN Observatory scores this
 * the same as the nonce policy (test/observatory.ts: unsafe-inline in
 * style-src only, 0), so the site stays A+.
 */
import { createHash } from 'node:crypto';
import { cspDirectives } from './csp';

/** `'sha256-…'` of a script's text, as the browser hashes it (its UTF-8 bytes). */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Script types a browser runs (the HTML spec's JavaScript MIME types, module, or none). */
function isExecutableType(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === '' || type === 'module' || /^(?:text|application)\/(?:x-)?(?:javascript|ecmascript)$/.test(type);
}

/** The text of every inline script a browser would run (JSON data blocks and `src` scripts left out). */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const text = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || !isExecutableType(attributes) || text === '') continue;
    out.push(text);
  }
  return out;
}

/** The page policy with its scripts allowed by hash (same directives as the nonce policy otherwise). */
export function buildHashCsp(html: string): string {
  const hashes = [...new Set(inlineScripts(html).map(scriptHashSource))];
  return cspDirectives({ nonce: '' })
    .map(([name, sources]): [string, string[]] => (name === 'script-src' ? [name, ["'self'", ...hashes]] : [name, sources]))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
