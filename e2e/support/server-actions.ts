import fs from 'node:fs';
import path from 'node:path';

/**
 * The server actions of the current build (.next/server/server-reference-manifest.json):
 * each id with its exported name and one page path that hosts it (dynamic segments filled with `x`).
 * Found from the build, so new actions are fuzzed and Origin-checked without edits here.
 */
export function serverActions(): { id: string; page: string; name: string }[] {
  const file = path.join('.next', 'server', 'server-reference-manifest.json');
  if (!fs.existsSync(file)) return [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    node?: Record<string, { workers: Record<string, unknown>; exportedName?: string }>;
  };
  return Object.entries(manifest.node ?? {}).flatMap(([id, entry]) => {
    // Prefer a real page over the 404 pages, which answer 404 around the action's result.
    const pages = Object.keys(entry.workers).filter((w) => w.startsWith('app/') && w.endsWith('/page'));
    const worker = pages.find((w) => !/\/(404|_not-found)\//.test(w)) ?? pages[0];
    if (!worker) return [];
    const page =
      `/${worker.replace(/^app\//, '').replace(/\/?page$/, '')}`
        .replace(/\/\([^/)]+\)(?=\/|$)/g, '')
        .replace(/\[\[\.\.\.[^\]]+\]\]/g, '')
        .replace(/\[[^\]]+\]/g, 'x')
        .replace(/\/+$/, '') || '/';
    return [{ id, page, name: entry.exportedName ?? '' }];
  });
}
