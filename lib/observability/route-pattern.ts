/**
 * The route pattern of a request path, as the build names it (`/doctordetail/[code]`), for the request log and
 * the metrics: a bounded set of values, whatever paths the world sends. Read from the build's
 * routes-manifest.json (the routes Next itself matches); the answers for paths seen are remembered, at most
 * MAX_REMEMBERED of them, so a flood of made-up paths costs a regex pass each and no memory.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestRoute {
  page: string;
  regex: string;
}

export interface RouteMatcher {
  (pathname: string): string;
}

const MAX_REMEMBERED = 5000;
/** Paths served by Next itself or by nginx, named by their prefix. */
const PREFIXES: ReadonlyArray<[string, string]> = [
  ['/_next/static/', '/_next/static/*'],
  ['/_next/image', '/_next/image'],
  ['/_next/', '/_next/*'],
];

export function routeMatcher(manifest: { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] }, publicFiles: ReadonlySet<string> = new Set()): RouteMatcher {
  const statics = new Map<string, string>();
  for (const r of manifest.staticRoutes ?? []) statics.set(r.page, r.page);
  const dynamics = (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  const remembered = new Map<string, string>();
  const match = (pathname: string): string => {
    for (const [prefix, name] of PREFIXES) if (pathname.startsWith(prefix)) return name;
    const bare = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const fixed = statics.get(bare);
    if (fixed) return fixed;
    if (publicFiles.has(bare)) return '(public file)';
    for (const d of dynamics) if (d.regex.test(bare)) return d.page;
    return '(unmatched)';
  };
  return (pathname) => {
    const known = remembered.get(pathname);
    if (known) return known;
    const pattern = match(pathname);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(pathname, pattern);
    return pattern;
  };
}

function listPublicFiles(dir: string, prefix = ''): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? listPublicFiles(path.join(dir, e.name), `${prefix}/${e.name}`) : [`${prefix}/${e.name}`]));
}

/** The matcher of the build in `dir` (next start's working directory); every path is `(unmatched)` without a build. */
export function buildRouteMatcher(dir = process.cwd()): RouteMatcher {
  let manifest = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, '.next', 'routes-manifest.json'), 'utf8'));
  } catch {
    /* no build (next dev before its first compile): every path is unmatched */
  }
  return routeMatcher(manifest, new Set(listPublicFiles(path.join(dir, 'public'))));
}
