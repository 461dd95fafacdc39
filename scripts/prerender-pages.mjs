#!/usr/bin/env node
/**
 * The release's prerender (docs/operations.md "Releases", docs/decisions.md "Kept pages on disk"): asks one
 * process of the new release for every page of its sitemap, a few at a time, so the page cache renders each once
 * and keeps it on disk (PAGE_CACHE_DIR, lib/page-cache/disk.ts) for every process of the release, restarted or
 * not, and for the crawlers that come first.
 *
 *   node scripts/prerender-pages.mjs http://127.0.0.1:3001 [--concurrency 2] [--limit 300]
 *
 * Loopback only: the origin must be 127.x.y.z or localhost. Prints one line of figures; exits 1 when the sitemap
 * cannot be read, 0 otherwise (a page that fails is counted, not fatal: the cache renders it at its first visit).
 */
import { pathToFileURL } from 'node:url';

/** The `<loc>` addresses of a sitemap, as paths (the sitemap names the server's own origin, SITE_URL). */
export function sitemapPaths(xml) {
  const paths = [];
  for (const m of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
    try {
      const u = new URL(m[1].replace(/&amp;/g, '&'));
      paths.push(`${u.pathname}${u.search}`);
    } catch {
      /* not an address */
    }
  }
  return [...new Set(paths)];
}

/** Times one page waits out a 429 before it is counted as refused. */
const MAX_WAITS_A_PAGE = 5;

/** What a browser sends (its compression too): the page cache answers as it would answer a visitor. */
const HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'zh-CN,zh;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 shengai-prerender',
};

export function isLoopback(origin) {
  const { hostname } = new URL(origin);
  return hostname === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === '[::1]';
}

/** Asks `origin` for each page of its sitemap (the first `limit`), `concurrency` at a time; the figures. */
export async function prerenderPages(origin, { concurrency = 2, limit = Infinity } = {}) {
  if (!isLoopback(origin)) throw new Error(`${origin} is not a loopback address: the prerender asks the server it runs beside`);
  const sitemap = await fetch(new URL('/sitemap.xml', origin), { signal: AbortSignal.timeout(60_000) });
  if (!sitemap.ok) throw new Error(`${origin}/sitemap.xml answered ${sitemap.status}`);
  const paths = sitemapPaths(await sitemap.text()).slice(0, limit);
  const statuses = {};
  let next = 0;
  const started = performance.now();
  let waits = 0;
  const worker = async () => {
    while (next < paths.length) {
      const page = paths[next++];
      let status;
      // The site's own limit on one client's renders (lib/limits.ts pageRender, 240 a minute) holds for the
      // prerender too: a 429 waits its Retry-After and asks again, a few times at most.
      for (let attempt = 0; attempt <= MAX_WAITS_A_PAGE; attempt++) {
        try {
          const res = await fetch(new URL(page, origin), { headers: HEADERS, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
          await res.arrayBuffer();
          status = String(res.status);
          if (res.status !== 429 || attempt === MAX_WAITS_A_PAGE) break;
          waits++;
          const seconds = Number(res.headers.get('retry-after'));
          await new Promise((resolve) => setTimeout(resolve, Math.min(120, Number.isFinite(seconds) && seconds >= 0 ? seconds : 60) * 1000));
        } catch (err) {
          status = err?.name ?? 'error';
          break;
        }
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { pages: paths.length, seconds: +((performance.now() - started) / 1000).toFixed(1), statuses, waits };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [origin, ...rest] = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? Number(rest[i + 1]) : fallback;
  };
  if (!origin) {
    console.error('usage: node scripts/prerender-pages.mjs http://127.0.0.1:PORT [--concurrency 2] [--limit N]');
    process.exit(2);
  }
  try {
    const r = await prerenderPages(origin, { concurrency: option('concurrency', 2), limit: option('limit', Infinity) });
    console.log(`[prerender] ${r.pages} pages of ${origin}/sitemap.xml in ${r.seconds} s: ${JSON.stringify(r.statuses)}; ${r.waits} waits for the render limit`);
  } catch (err) {
    console.error(`[prerender] ${err.message}`);
    process.exit(1);
  }
}
