/**
 * Where a test calls the contract (SPEC §7) itself: the site's own /api (the embedded backend, `npm test` and
 * the stack), or, in the production topology of `npm run test:deploy`, the API host process the web processes
 * call (deploy/playwright.config.ts sets E2E_API_ORIGIN; the site then serves no /api of its own).
 */
export function apiUrl(path: string): string {
  return `${process.env.E2E_API_ORIGIN ?? ''}/api/${path.replace(/^\/+/, '')}`;
}
