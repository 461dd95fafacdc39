/**
 * The process's metrics on a listener of their own, bound to loopback (docs/operations.md "Metrics"), never on
 * the site's port: a process bound to 0.0.0.0 showed Node's version, its memory, its traffic by route and its
 * refusals by rule to anyone who asked the site for /metrics (docs/security.md "Production defaults").
 *
 * The port is METRICS_PORT, or the site's port + 10000 (3001 → 13001: each process of deploy/systemd has its
 * own); METRICS_PORT=0 turns the listener off. A port already taken is said in the log, and the site serves on.
 */
import http from 'node:http';
import { siteMetrics } from './metrics';

type Env = Readonly<Record<string, string | undefined>>;

/** How far above the site's port its metrics listen, when METRICS_PORT does not say. */
export const METRICS_PORT_OFFSET = 10000;
/** Loopback only: the machine's own scraper reads it; nothing outside the machine can. */
export const METRICS_HOST = '127.0.0.1';

/** The metrics port of this process, or null when there is none (METRICS_PORT=0, or no site port to go by). */
export function metricsPort(env: Env = process.env): number | null {
  const port = (value: string | undefined) => (value !== undefined && /^\d{1,5}$/.test(value) && Number(value) <= 65535 ? Number(value) : null);
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== '') return port(env.METRICS_PORT) || null;
  const site = port(env.PORT);
  return site && site + METRICS_PORT_OFFSET <= 65535 ? site + METRICS_PORT_OFFSET : null;
}

/** Answers GET /metrics with the registry's Prometheus text; anything else is a 404. */
export async function answerMetrics(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Not Found');
    return;
  }
  const { registry } = siteMetrics();
  const text = await registry.metrics();
  res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}

const KEY = Symbol.for('shengai.metrics-listener');

/** Starts the listener once per process (instrumentation.ts); resolves with its port, or null when there is none. */
export function startMetricsListener(env: Env = process.env, log: (line: string) => void = console.error): Promise<number | null> {
  const g = globalThis as typeof globalThis & { [KEY]?: Promise<number | null> };
  if (g[KEY]) return g[KEY];
  const port = metricsPort(env);
  return (g[KEY] = port === null ? Promise.resolve(null) : listenForMetrics(port, log));
}

/** A metrics listener on `port` of loopback: its port, or null (said in the log) when the port is taken. */
export function listenForMetrics(port: number, log: (line: string) => void = console.error): Promise<number | null> {
  const server = http.createServer((req, res) => {
    answerMetrics(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return new Promise((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      log(`[metrics] not listening on ${METRICS_HOST}:${port} (${err.code ?? err.message}): set METRICS_PORT to a free port (docs/operations.md "Metrics")`);
      resolve(null);
    });
    server.listen(port, METRICS_HOST, () => {
      // The metrics listener never keeps a stopping process alive.
      server.unref();
      resolve(port);
    });
  });
}
