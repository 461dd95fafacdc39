/**
 * Which pages have which server action, from the build (docs/security.md "Server actions and internal
 * headers"). Next answers an action posted to a page that does not have it by forwarding the request to a page
 * that does (a fetch of its own server, the body streamed again): one more request per request, which logged an
 * `uncaughtException: aborted` for each. The site's own forms always post to the page that rendered them, so
 * lib/security/request-guard.ts answers such a post 404 instead, as Next answers an unknown action.
 *
 * The build names an action's pages by their files (`app/(care)/booking/page`), and a request's page is found by
 * the routes Next matches (lib/observability/route-pattern.ts); a path no page matches renders the 404 page
 * (`app/_not-found/page`), which has the actions of the root layout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildRouteMatcher, type RouteMatcher } from '@/lib/observability/route-pattern';

interface ReferenceManifest {
  node?: Record<string, { workers?: Record<string, unknown> }>;
}

/** `app/(care)/doctorlist/[[...provinceId]]/page` → `/doctorlist/[[...provinceId]]`: route groups and slots go. */
export function routeOfWorker(worker: string): string | null {
  const m = /^app(\/.*)?\/page$/.exec(worker);
  if (!m) return null;
  const segments = (m[1] ?? '').split('/').filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith('@'));
  return `/${segments.join('/')}`;
}

/** The page Next renders for a route the matcher names: an unmatched path, a file or an asset gets the 404 page. */
const NOT_FOUND_ROUTE = '/_not-found';

export type ActionOwners = (pathname: string, id: string) => boolean | null;

/** The owners of each action of `manifest`, checked against the route `routeOf` finds for a path. */
export function actionOwners(manifest: ReferenceManifest, routeOf: RouteMatcher): ActionOwners {
  const routes = new Map<string, Set<string>>();
  for (const [id, entry] of Object.entries(manifest.node ?? {})) {
    const owners = new Set<string>();
    for (const worker of Object.keys(entry.workers ?? {})) {
      const route = routeOfWorker(worker);
      if (route) owners.add(route);
    }
    routes.set(id, owners);
  }
  return (pathname, id) => {
    const owners = routes.get(id);
    // An id the build does not know: Next answers it 404 itself.
    if (!owners) return null;
    const route = routeOf(pathname);
    return owners.has(route.startsWith('/') && !route.startsWith('/_next/') ? route : NOT_FOUND_ROUTE);
  };
}

/** The owners of the build in `dir` (next start's working directory), or null without a build (next dev). */
export function buildActionOwners(dir = process.cwd()): ActionOwners | null {
  let manifest: ReferenceManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, '.next', 'server', 'server-reference-manifest.json'), 'utf8')) as ReferenceManifest;
  } catch {
    return null;
  }
  return actionOwners(manifest, buildRouteMatcher(dir));
}
