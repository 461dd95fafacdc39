/**
 * What every stage of `npm run bench` shares (docs/bench.md): its settings from the environment, the log,
 * loopback ports, process trees, the headers a browser sends and the load generator. Loopback only.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** The repository's root: every path of the bench is relative to it (bench/run.mjs changes into it). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The stages BENCH_SKIP may name (docs/bench.md). */
export const SKIPPABLE_STAGES = ['lighthouse', 'js', 'throughput', 'stack', 'scale', 'search', 'load', 'burst'];

/**
 * The run's settings from its environment (docs/bench.md): BENCH_DURATION_SCALE shortens the timed stages
 * (clamped to 0.05–1), BENCH_SKIP leaves stages out, BENCH_LH_RUNS sets the Lighthouse runs per template,
 * BENCH_BUILD=1 rebuilds, BENCH_NOTE heads the report. A value that is not a number, or a stage name the bench
 * does not have, stops the run before it starts: a typo would otherwise measure what it meant to skip.
 */
export function readSettings(env) {
  const number = (name, fallback) => {
    const raw = (env[name] ?? '').trim();
    if (raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new Error(`${name} must be a number, not ${JSON.stringify(raw)}`);
    return value;
  };
  const durationScale = Math.min(1, Math.max(0.05, number('BENCH_DURATION_SCALE', 1)));
  const skipped = [...new Set((env.BENCH_SKIP || '').split(',').map((s) => s.trim()).filter(Boolean))];
  const unknown = skipped.filter((s) => !SKIPPABLE_STAGES.includes(s));
  if (unknown.length) throw new Error(`BENCH_SKIP names no stage of the bench: ${unknown.join(', ')} (the stages: ${SKIPPABLE_STAGES.join(', ')})`);
  return {
    durationScale,
    throughputSeconds: Math.round(20 * durationScale),
    loadSeconds: Math.round(60 * durationScale),
    connections: 50,
    skipped,
    /** Every throughput target first takes this much of the same load, unmeasured: JIT and lazily loaded code paths. */
    warmupSeconds: 5,
    /** Lighthouse runs per template; the median run is reported. */
    lighthouseRuns: Math.max(1, Math.round(number('BENCH_LH_RUNS', 3))),
    /** First visits at once in the burst stage, each from an address of its own. */
    burstVisitors: 300,
  };
}

export const settings = readSettings(process.env);
export const skips = (stage) => settings.skipped.includes(stage);
export const rebuild = process.env.BENCH_BUILD === '1';
export const benchNote = process.env.BENCH_NOTE || '';

const START = Date.now();
/** The whole bench stops starting new stages after this. */
const BENCH_DEADLINE_MS = 45 * 60_000;

export const log = (...a) => console.log(`[bench ${((Date.now() - START) / 1000).toFixed(0)}s]`, ...a);
export const timeLeft = () => BENCH_DEADLINE_MS - (Date.now() - START);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** An error's message for the report's notes. */
export const why = (err) => err?.message ?? err;

export async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

export async function waitUp(url, limitMs) {
  const until = Date.now() + limitMs;
  for (let i = 0; i < 1000 && Date.now() < until; i++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return true;
    } catch {
      /* not yet */
    }
    await sleep(300);
  }
  return false;
}

/** RSS of a process and its descendants, in MB (Linux /proc). */
export function treeRssMB(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* gone */
    }
  }
  let kb = 0;
  const stack = [pid];
  for (let guard = 0; stack.length > 0 && guard < 500; guard++) {
    const p = stack.pop();
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      kb += m ? Number(m[1]) : 0;
    } catch {
      /* gone */
    }
    stack.push(...(children.get(p) ?? []));
  }
  return Math.round(kb / 1024);
}

/** Ends a process the bench started detached, with its whole group (next start's workers, nginx's). */
export function killTree(child) {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
}

/** What a browser sends for a document (the page cache answers document loads only, lib/page-cache/policy.ts). */
export const DOCUMENT_HEADERS = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
/** What Chrome and Firefox send for a document: the figure that counts (every answer compressed). */
export const BROWSER_HEADERS = { ...DOCUMENT_HEADERS, 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Bytes on the wire of one answer for an Accept-Encoding (node:http does not decode, unlike fetch), and the
 * encoding the server chose. TLS is accepted as is (the local stack's certificate is self-signed).
 */
export function wireBytes(url, acceptEncoding) {
  const u = new URL(url);
  const get = u.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(u, { headers: { ...DOCUMENT_HEADERS, 'accept-encoding': acceptEncoding }, rejectUnauthorized: false, timeout: 20_000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** Raw, gzip and brotli sizes of a page as the server sends them (KB), for the report's bytes per template. */
export async function pageBytes(url) {
  const [raw, gzip, br] = await Promise.all([wireBytes(url, 'identity'), wireBytes(url, 'gzip'), wireBytes(url, 'gzip, deflate, br, zstd')]);
  const kb = (b) => +(b / 1024).toFixed(1);
  return { rawKB: kb(raw.bytes), gzipKB: gzip.encoding === 'gzip' ? kb(gzip.bytes) : null, brKB: br.encoding === 'br' ? kb(br.bytes) : null, browserEncoding: br.encoding };
}

/**
 * autocannon at the bench's connections for `seconds`, with browser headers unless `headers` says otherwise;
 * `connections` and `requests` (autocannon's list of paths each connection takes in turn) when a stage sets them.
 */
export function cannon(url, seconds, headers = BROWSER_HEADERS, { connections = settings.connections, requests } = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: Math.max(1, seconds), headers, timeout: 10, ...(requests ? { requests } : {}) }, (err, result) => (err ? reject(err) : resolve(result)));
    // Bounded: autocannon stops itself at `duration`; this is the fuse.
    setTimeout(() => instance.stop?.(), (seconds + 30) * 1000).unref();
  });
}

/**
 * One throughput figure: the warm-up seconds of the same load unmeasured, then the throughput seconds measured.
 * With browser headers (Accept-Encoding: gzip, deflate, br, zstd) unless `headers` says otherwise.
 */
export async function throughputOf(url, headers = BROWSER_HEADERS, options = {}) {
  await cannon(url, settings.warmupSeconds, headers, options);
  return cannon(url, settings.throughputSeconds, headers, options);
}

/** One row of the report from an autocannon result. */
export function summary(name, url, r, extra = {}) {
  return {
    name,
    url,
    ...extra,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    // Which statuses the non-2xx were ({ "502": { count } }): a count alone does not say what went wrong.
    statusCodes: r.statusCodeStats ?? null,
    total: r.requests.total,
  };
}
