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
  const request = input instanceof Request ? input : new Request(input, init);
  const headers = new Headers(request.headers);
  const forwarded = headers.get('x-forwarded-for') ?? undefined;
  headers.delete('x-forwarded-for');
  for (const [name, value] of Object.entries(siteForwardHeaders(forwarded))) headers.set(name, value);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return getBackend().handle(new Request(request.url, { method: request.method, headers, body, signal: request.signal }));
};
