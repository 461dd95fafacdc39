import 'server-only';
/**
 * Where calls go: the group's API host when API_BASE_URL is set, else the
 * embedded backend, reached in-process with the very same contract: as a
 * function call (callEmbeddedBackend), or as a Request for what only HTTP
 * carries as sent (transportFetch).
 */
import { getBackend, MAX_BODY_BYTES, type BackendAnswer } from '@/lib/backend/router';
import { DEVICE_HEADER, siteForwardHeaders } from '@/lib/security/client-address';
import type { FieldMap } from './client';

export const EMBEDDED_ORIGIN = 'http://embedded.backend';

export function apiBaseUrl(): string {
  return (process.env.API_BASE_URL || EMBEDDED_ORIGIN).replace(/\/+$/, '');
}

export function usesEmbeddedBackend(): boolean {
  return !process.env.API_BASE_URL;
}

/**
 * ky's `fetch`: in-process for the embedded backend, the network otherwise. In-process, the
 * visitor's address that client.ts forwards as X-Forwarded-For travels under the site's own
 * header with this process's secret (lib/security/client-address.ts), the only forwarded address
 * the embedded backend trusts: a browser's X-Forwarded-For sent to /api/... counts for nothing.
 */
export const transportFetch: typeof fetch = async (input, init) => {
  if (!usesEmbeddedBackend()) return fetch(input, init);
  // ky hands over its own Request (it keeps a clone for a retry): its headers are rewritten in place and the
  // Request goes on as it is, its body unread; anything else is made a Request first.
  const request = input instanceof Request ? input : new Request(input, init);
  const forwarded = request.headers.get('x-forwarded-for') ?? undefined;
  request.headers.delete('x-forwarded-for');
  for (const [name, value] of Object.entries(siteForwardHeaders(forwarded))) request.headers.set(name, value);
  return getBackend().handle(request);
};

/** What a call of the site says besides its fields: the SPEC §7 query `Sub`, the Bearer token, the visitor and their device. */
export interface CallParty {
  sub: string;
  token?: string | null;
  clientIp?: string;
  deviceToken?: string;
}

/**
 * A call of the embedded backend as a function call (docs/decisions.md "The embedded backend, called in-process"):
 * the router's own answer to the call, without the Request and the Response that ky and `transportFetch` build
 * for it, which were a third of a member read. What the backend reads is what `transportFetch` would have sent:
 * the fields as a form carries them (strings, UTF-8's replacement for a lone surrogate), the token, the visitor's
 * address under the site's header and secret, the device; and the envelope comes back as the wire gives it, by
 * JSON (no object shared with the backend). Null for a call that only HTTP can carry as sent: a file part
 * (multipart), or fields that could pass the body limit (then refused as over HTTP).
 */
export async function callEmbeddedBackend(path: string, fields: FieldMap, party: CallParty): Promise<BackendAnswer | null> {
  const form: Record<string, string> = {};
  let units = 0;
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) return null;
    const text = asSent(String(value));
    units += name.length + text.length;
    form[asSent(name)] = text;
  }
  // A UTF-16 unit is at most 9 bytes of a form body (3 UTF-8 bytes, each %XX): below the limit by that count.
  if (units * 9 > MAX_BODY_BYTES) return null;
  const headers = new Headers(siteForwardHeaders(party.clientIp));
  if (party.token) headers.set('authorization', `Bearer ${party.token}`);
  if (party.deviceToken) headers.set(DEVICE_HEADER, party.deviceToken);
  const answer = await getBackend().call({ path, fields: form, headers, query: { IsWeb: '1', Sub: party.sub } });
  return { ...answer, body: JSON.parse(JSON.stringify(answer.body)) as BackendAnswer['body'] };
}

/** A string as a form body carries it: UTF-8, where a lone surrogate becomes U+FFFD (exported for its test). */
export const asSent = (text: string) => (/[\uD800-\uDFFF]/.test(text) ? Buffer.from(text, 'utf8').toString('utf8') : text);
