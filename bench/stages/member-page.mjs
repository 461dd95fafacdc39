/**
 * Member pages on one process (docs/bench.md "Member pages"): autocannon with a browser's headers and the
 * demo member's cookies on a member's own page and on a public page loaded by a member. Each of those loads
 * renders once, in place (docs/decisions.md "Member pages render once"), and none is answered from the page
 * cache, so this is what a render costs. Rows go into `report.throughput` (kind `member`).
 *
 * Alone, for a before/after comparison of two builds: `BENCH_PORT=3292 node bench/stages/member-page.mjs`
 * starts `next start` of the current build on that port with a fresh bench database, prints the rows as JSON
 * and stops it (BENCH_DURATION_SCALE applies).
 */
import { pathToFileURL } from 'node:url';
import { BROWSER_HEADERS, killTree, log, summary, throughputOf, why } from '../shared.mjs';
import { discover, memberCookie, routes } from './discovery.mjs';
import { startServer } from './server.mjs';

/** The pages measured logged in: [name, url]; those discovery found. */
export function memberPages(found) {
  return [
    ['member home, logged in', routes.userIndex()],
    ['doctor detail, logged in', found['医生详情 doctorDetail']],
  ].filter(([, u]) => u);
}

/** One row per member page into `report.throughput`. */
export async function memberThroughput(found, cookie, { report, server, note }) {
  if (!cookie) return note('No member cookies: the member pages were not measured.');
  const headers = { ...BROWSER_HEADERS, cookie };
  for (const [name, url] of memberPages(found)) {
    try {
      await server.ensureUp?.();
      const origin = server.origin;
      const probe = await fetch(origin + url, { headers, redirect: 'manual' });
      // The page as the member gets it, decoded (the member's page is not the anonymous page pageBytes would fetch).
      const rawKB = +((await probe.arrayBuffer()).byteLength / 1024).toFixed(1);
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status} logged in`);
      log('autocannon', name);
      const extra = { kind: 'member', headers: 'browser + member cookies', pageCache: probe.headers.get('x-page-cache'), bytesKB: rawKB, rawKB, encoding: probe.headers.get('content-encoding'), where: 'one process' };
      report.throughput.push(summary(name, url, await throughputOf(origin + url, headers), extra));
    } catch (err) {
      note(`Throughput of ${name} failed: ${why(err)}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.BENCH_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('BENCH_PORT must name the port to start next on');
  const server = await startServer({ port, dbName: `bench-member-${port}.db` });
  const report = { throughput: [], notes: [] };
  try {
    const found = await discover(server.origin);
    const cookie = await memberCookie(server.origin);
    await memberThroughput(found, cookie, { report, server, note: (t) => report.notes.push(t) });
  } finally {
    killTree(server.child);
  }
  console.log(JSON.stringify(report, null, 2));
}
