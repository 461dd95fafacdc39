import 'server-only';
/**
 * Where calls go: the group's API host when API_BASE_URL is set, else the
 * embedded backend, reached in-process through the very same HTTP contract.
 */
import { getBackend } from '@/lib/backend/router';
import { siteForwardHeaders } from '@/lib/security/client-address';

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
