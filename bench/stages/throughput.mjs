/**
 * Throughput and latency (docs/bench.md "Throughput", "Floor", "Proxy floor", "Static page through proxy.ts",
 * "Rendered per request", "nginx"): autocannon on one process, with a browser's headers and again raw, beside
 * the floors that say what Next itself costs, nginx sending the same bytes from disk, home rendered per request,
 * and the same pages through the stack (bench/stages/stack.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BROWSER_HEADERS, DOCUMENT_HEADERS, killTree, log, pageBytes, skips, summary, throughputOf, why } from '../shared.mjs';
import { routes } from './discovery.mjs';
import { PROXY_FLOOR_PATH, removeEmptyApp, startEmptyApp } from './framework-floor.mjs';
import { startNginx, stopNginx } from './nginx.mjs';
import { startServer } from './server.mjs';
import { stackThroughput } from './stack.mjs';

/** The static page through proxy.ts: written into public/ before the server starts (Next lists public/ at start). */
const STATIC_PAGE_FILE = path.join('public', 'bench-floor.html');
const STATIC_PAGE_PATH = '/bench-floor.html';
const STATIC_PAGE_HTML = '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>floor</title></head><body><p>floor</p></body></html>\n';

export const writeStaticPage = () => fs.writeFileSync(STATIC_PAGE_FILE, STATIC_PAGE_HTML);
export const removeStaticPage = () => fs.rmSync(STATIC_PAGE_FILE, { force: true });

/** The pages measured on one process and through the stack: [name, url], those discovery found. */
export function throughputPages(found) {
  return [
    ['home', routes.home()],
    ['doctor list', routes.doctorList()],
    ['doctor detail', found['医生详情 doctorDetail']],
    ['news detail', found['新闻详情 newsDetail']],
  ].filter(([, u]) => u);
}

/** Every row of the stage into `report.throughput` (and the stack's burst into `report.burst`). */
export async function throughput(found, { report, server, note }) {
  await server.ensureUp();
  let origin = server.origin;
  const homeHtml = Buffer.from(await (await fetch(`${origin}/`, { headers: DOCUMENT_HEADERS })).arrayBuffer());
  const pages = throughputPages(found);
  // The floor: an empty Next app's trivial page (no proxy.ts, no layout of ours), same machine, same run.
  // Measured before and after our pages, and the better of the two runs counts: a ratio is then read
  // against the most the floor did in this run, never against a run that other work on the machine slowed.
  let emptyApp = null;
  const floorRuns = [];
  const measureFloor = async () => {
    if (!emptyApp) return;
    try {
      log('floor: an empty Next app', `run ${floorRuns.length + 1}`);
      floorRuns.push(await throughputOf(`${emptyApp.origin}/`));
    } catch (err) {
      note(`A run of the empty-app floor failed: ${why(err)}`);
    }
  };
  try {
    emptyApp = await startEmptyApp();
  } catch (err) {
    note(`The empty-app floor was not measured: ${why(err)}`);
  }
  await measureFloor();
  // One process: each page with browser headers (the figure that counts), then without Accept-Encoding
  // (the old raw figure); their bytes raw, gzip and brotli as sent.
  for (const [name, url, kind] of [...pages.map(([n, u]) => [n, u, 'page']), ['static page through proxy.ts', STATIC_PAGE_PATH, 'static']]) {
    try {
      await server.ensureUp();
      origin = server.origin;
      // Warm the caches, and note how the page is answered and its size.
      await fetch(origin + url, { headers: BROWSER_HEADERS }).then((r) => r.text());
      const probe = await fetch(origin + url, { headers: BROWSER_HEADERS });
      await probe.arrayBuffer();
      const bytes = await pageBytes(origin + url);
      const extra = { pageCache: probe.headers.get('x-page-cache'), bytesKB: bytes.rawKB, ...bytes, where: 'one process' };
      log('autocannon', name, 'browser headers');
      report.throughput.push(summary(name, url, await throughputOf(origin + url), { kind, headers: 'browser', ...extra }));
      log('autocannon', name, 'raw');
      report.throughput.push(summary(name, url, await throughputOf(origin + url, DOCUMENT_HEADERS), { kind: `${kind}-raw`, headers: 'raw', ...extra }));
    } catch (err) {
      note(`Throughput of ${name} failed: ${why(err)}`);
    }
  }
  await measureFloor();
  try {
    if (floorRuns.length) {
      const bytes = await pageBytes(`${emptyApp.origin}/`);
      const best = floorRuns.reduce((a, b) => (b.requests.average > a.requests.average ? b : a));
      const runs = floorRuns.map((r) => ({ reqPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99 }));
      report.throughput.push(summary('floor: empty Next app, trivial page', '/', best, { kind: 'floor', headers: 'browser', bytesKB: bytes.rawKB, ...bytes, where: 'empty app', runs }));
    }
  } catch (err) {
    note(`The empty-app floor was not measured: ${why(err)}`);
  } finally {
    removeEmptyApp(emptyApp);
  }
  // The proxy floor (not a goal): the same empty app with a proxy.ts; its trivial page outside the proxy's
  // matcher, and the proxy answering our home page's stored brotli bytes from memory.
  let proxyApp = null;
  try {
    log('proxy floor: the empty app with a proxy.ts');
    // Compressed as the page cache stores it (lib/page-cache/precompress.ts BROTLI_QUALITY).
    const storedPage = zlib.brotliCompressSync(homeHtml, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 8 } });
    proxyApp = await startEmptyApp({ storedPage });
    const kb = (b) => +(b.length / 1024).toFixed(1);
    const trivial = await pageBytes(`${proxyApp.origin}/`);
    // The proxy sends its brotli bytes whatever the request accepts: a browser's request is all it is asked.
    const stored = { rawKB: kb(homeHtml), gzipKB: null, brKB: kb(storedPage) };
    for (const [name, url, bytes] of [
      ['proxy floor: empty app with a proxy.ts, trivial page', '/', trivial],
      ['proxy floor: empty app, its proxy.ts answering the stored home page', PROXY_FLOOR_PATH, stored],
    ]) {
      report.throughput.push(summary(name, url, await throughputOf(`${proxyApp.origin}${url}`), { kind: 'proxy-floor', headers: 'browser', bytesKB: bytes.rawKB, ...bytes, where: 'empty app' }));
    }
  } catch (err) {
    note(`The proxy floor was not measured: ${why(err)}`);
  } finally {
    removeEmptyApp(proxyApp);
  }
  // The cost of the per-request nonce without the page cache: home on a second server, rendered per request.
  let uncached = null;
  try {
    uncached = await startServer({ pageCache: false, dbName: 'bench-uncached.db' });
    await fetch(uncached.origin + routes.home(), { headers: BROWSER_HEADERS }).then((r) => r.text());
    const probe = await fetch(uncached.origin + routes.home(), { headers: BROWSER_HEADERS });
    await probe.arrayBuffer();
    const bytes = await pageBytes(uncached.origin + routes.home());
    log('autocannon home rendered per request');
    report.throughput.push(summary('home, rendered per request (PAGE_CACHE=0)', routes.home(), await throughputOf(uncached.origin + routes.home()), { kind: 'reference', headers: 'browser', pageCache: probe.headers.get('x-page-cache'), bytesKB: bytes.rawKB, ...bytes, where: 'one process' }));
  } catch (err) {
    note(`Throughput of home rendered per request failed: ${why(err)}`);
  } finally {
    killTree(uncached?.child);
  }
  const nginx = await startNginx(homeHtml);
  try {
    if (nginx.ok) {
      log('autocannon nginx');
      const bytes = await pageBytes(nginx.url);
      report.throughput.push(summary('nginx (home bytes, gzip_static)', nginx.url, await throughputOf(nginx.url), { kind: 'nginx', headers: 'browser', bytesKB: bytes.rawKB, ...bytes, where: 'nginx static' }));
    } else note('nginx did not start: no physical-limit figure.');
  } finally {
    stopNginx(nginx);
  }
  // The stack of deploy/ (nginx over HTTPS, two next start, Redis), side by side with one process.
  if (!skips('stack')) await stackThroughput(pages, { report, note });
}
