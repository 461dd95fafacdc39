/**
 * A burst of first visits from many addresses (docs/bench.md "Burst from many addresses").
 *
 * The lists that read the visitor's IP location (/doctorlist without a province, /hospitallist) are cached by the
 * visitor's place, not the address (lib/page-cache/place.ts). `visitors` first visits arrive at once, each from an
 * address of its own on loopback (127.0.x.y: with no trusted proxy the server takes the socket's peer as the
 * visitor's address), each on a new connection, on a server that has not rendered the page yet: how long the
 * visitors wait, and how they were answered (x-page-cache). A reported figure, not a goal.
 */
import http from 'node:http';
import https from 'node:https';
import { BROWSER_HEADERS } from '../shared.mjs';

function visitFrom(url, localAddress) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Through the stack: HTTPS to nginx (a self-signed certificate), and nginx's own X-Micro-Cache says how.
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { localAddress, agent: false, rejectUnauthorized: false, headers: BROWSER_HEADERS, timeout: 30_000 }, (res) => {
      res.resume();
      const nginx = res.headers['x-micro-cache'];
      const how = nginx !== undefined ? `nginx ${nginx || '(not kept)'}` : (res.headers['x-page-cache'] ?? 'render');
      res.on('end', () => resolve({ ms: Date.now() - started, status: res.statusCode, how }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ error: err.code ?? err.message }));
  });
}

/** The i-th visitor's own loopback address: 127.0.1.1 … 127.0.1.250, then 127.0.2.1 … */
export const visitorAddress = (i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

/** The report's row of a burst: wall time, p50 and p99 of the answered visits, errors, non-2xx, who answered. */
export function burstFigures(name, url, visits, wallMs) {
  const ms = visits.filter((v) => !v.error).map((v) => v.ms).sort((a, b) => a - b);
  const at = (p) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] : null);
  const answeredBy = {};
  for (const v of visits) if (!v.error) answeredBy[v.how] = (answeredBy[v.how] ?? 0) + 1;
  return {
    name,
    url: new URL(url).pathname,
    visitors: visits.length,
    wallMs,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors: visits.filter((v) => v.error).length,
    non2xx: visits.filter((v) => !v.error && (v.status < 200 || v.status >= 300)).length,
    answeredBy,
  };
}

export async function burst(name, url, visitors) {
  const started = Date.now();
  const visits = await Promise.all(Array.from({ length: visitors }, (_, i) => visitFrom(url, visitorAddress(i))));
  return burstFigures(name, url, visits, Date.now() - started);
}
