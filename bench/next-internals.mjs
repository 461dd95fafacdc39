/**
 * The code that follows Next's internals (docs/bench.md "Render cost"): the lines of each part the
 * issue names, and the prototype patches with or without a reason in docs/decisions.md. Counted from the tree,
 * not measured: `npm run bench:render` puts it beside the render figures, and its goals are in bench/goals.mjs.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The parts, as the issue names them; a directory counts its modules, never its tests. */
export const NEXT_INTERNALS = [
  { part: 'proxy.ts', paths: ['proxy.ts'] },
  { part: 'the page cache (its pass-through and error-mend patches too)', paths: ['lib/page-cache'] },
  { part: 'the action-body check (and the request guard it runs in)', paths: ['lib/security/action-request.ts', 'lib/security/action-owners.ts', 'lib/security/request-guard.ts'] },
  { part: 'the other prototype patches', paths: ['lib/operations/node-patches.ts', 'lib/observability/http-server.ts', 'lib/security/unsupported-methods.ts', 'lib/security/peer-stamp.ts', 'lib/security/answer-status.ts'] },
  { part: 'the CSP hashes of cached pages', paths: ['lib/security/csp-hashes.ts'] },
  { part: 'the purge route', paths: ['app/session/page-cache-purge/route.ts', 'lib/shared-state/page-cache-purge.ts'] },
];

/** The heading of the decision whose table gives each patch's reason. */
export const PATCH_REASONS_HEADING = "## Node's HTTP classes, patched in one place";

const isModule = (file) => /\.(ts|tsx|mjs|js)$/.test(file) && !/\.test\.(ts|tsx)$/.test(file) && !/\.d\.ts$/.test(file);

function modulesOf(root, entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full)
    .filter(isModule)
    .sort()
    .map((f) => path.join(entry, f));
}

/** Lines of a module: all of them, and those that are neither blank nor comment. */
export function lineCounts(text) {
  const lines = text.replace(/\n$/, '').split('\n');
  let code = 0;
  let inComment = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (inComment) {
      if (line.includes('*/')) inComment = false;
      continue;
    }
    if (line === '' || line.startsWith('//')) continue;
    if (line.startsWith('/*')) {
      if (!line.includes('*/')) inComment = true;
      continue;
    }
    code++;
  }
  return { lines: lines.length, code };
}

/** The patch names of lib/operations/node-patches.ts's PATCHES, and whether the decision's table gives each a row. */
export function patchReasons(root) {
  const source = fs.readFileSync(path.join(root, 'lib/operations/node-patches.ts'), 'utf8');
  const list = /export const PATCHES = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
  const names = [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]);
  const decisions = fs.readFileSync(path.join(root, 'docs/decisions.md'), 'utf8');
  const start = decisions.indexOf(PATCH_REASONS_HEADING);
  const end = decisions.indexOf('\n## ', start + 1);
  const section = start < 0 ? '' : decisions.slice(start, end < 0 ? undefined : end);
  const rows = new Set([...section.matchAll(/^\| ([^|]+?) \|/gm)].map((m) => m[1]));
  return names.map((name) => ({ name, reasoned: rows.has(name) }));
}

/** Every part's modules and lines, the total, and the patches. */
export function countNextInternals(root) {
  const parts = NEXT_INTERNALS.map(({ part, paths }) => {
    const files = paths.flatMap((p) => modulesOf(root, p)).map((file) => ({ file, ...lineCounts(fs.readFileSync(path.join(root, file), 'utf8')) }));
    return { part, files, lines: files.reduce((n, f) => n + f.lines, 0), code: files.reduce((n, f) => n + f.code, 0) };
  });
  return {
    parts,
    lines: parts.reduce((n, p) => n + p.lines, 0),
    code: parts.reduce((n, p) => n + p.code, 0),
    patches: patchReasons(root),
  };
}
