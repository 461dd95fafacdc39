import 'server-only';
/**
 * Where calls go: the group's API host when API_BASE_URL is set, else the
 * embedded backend, reached in-process through the very same HTTP contract.
 */
import { getBackend } from '@/lib/backend/router';

export const EMBEDDED_ORIGIN = 'http://embedded.backend';

export function apiBaseUrl(): string {
  return (process.env.API_BASE_URL || EMBEDDED_ORIGIN).replace(/\/+$/, '');
}

export function usesEmbeddedBackend(): boolean {
  return !process.env.API_BASE_URL;
}

/** ky's `fetch`: in-process for the embedded backend, the network otherwise. */
export const transportFetch: typeof fetch = (input, init) => {
  if (!usesEmbeddedBackend()) return fetch(input, init);
  const request = input instanceof Request ? input : new Request(input, init);
  return getBackend().handle(request);
};
