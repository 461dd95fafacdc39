/**
 * `next/headers` for tests that run server actions and route handlers outside a request: a cookie jar and
 * the request's headers, which a test reads and changes. Use it as the module's mock:
 *   vi.mock('next/headers', () => import('@/test/next-headers-jar'));
 *   import { jar, request } from '@/test/next-headers-jar';
 */

/** The member's cookies, by name. */
export const jar = new Map<string, string>();

/** The request's headers: the site's own Origin unless a test sets others. */
export const request = { headers: new Headers({ origin: 'http://site.test', host: 'site.test' }) };

export async function cookies() {
  return {
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  };
}

export async function headers() {
  return request.headers;
}
