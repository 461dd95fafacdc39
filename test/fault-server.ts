/**
 * A small misbehaving API host for the fault tests (docs/security.md). Loopback only,
 * bounded: every hung socket is destroyed after `hangMs` (default 12 s) and
 * `close()` ends everything at once.
 *
 * Modes (switchable while running, so a test can first fill a cache and then
 * break the host):
 * - 'pass'     forward to `upstream` (a running site's /api, i.e. the embedded backend);
 * - 'hang'     accept the request and never answer (past the client's 8 s timeout);
 * - 'http500'  HTTP 500 with an HTML body;
 * - 'badjson'  HTTP 200 with a body that is not JSON;
 * - 'burst4029' the envelope {ErrorNo: 4029} for `burst` answers, then 'pass'
 *               (or a synthetic success when there is no upstream);
 * - 'ok'       a synthetic success envelope (Result from `okResult`);
 * - 'refuse'   stop listening (and drop kept-alive sockets): connections are refused
 *               until another mode is set, which listens again on the same port.
 * A refused connection is `refusedUrl()`: a port that was just closed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export type FaultMode = 'pass' | 'hang' | 'http500' | 'badjson' | 'burst4029' | 'ok' | 'refuse';

export interface FaultServer {
  url: string;
  port: number;
  setMode(mode: FaultMode, options?: { burst?: number }): Promise<void>;
  /** Requests seen, by path (e.g. 'News/GetNewList'). */
  hits: string[];
  close(): Promise<void>;
}

export interface FaultServerOptions {
  mode?: FaultMode;
  /** Origin to forward to in 'pass' mode, e.g. http://127.0.0.1:3305 */
  upstream?: string;
  hangMs?: number;
  okResult?: (path: string) => unknown;
}

const envelope = (ErrorNo: number, ErrorInfo: string, Result: unknown = null) => JSON.stringify({ ErrorNo, ErrorInfo, Result });

export async function startFaultServer(options: FaultServerOptions = {}): Promise<FaultServer> {
  let mode: FaultMode = options.mode ?? 'ok';
  let burstLeft = 0;
  const hangMs = options.hangMs ?? 12_000;
  const hits: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '').replace(/^\/api\//, '').replace(/\?.*$/, '');
    hits.push(path);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const current: FaultMode = mode === 'burst4029' && burstLeft <= 0 ? (options.upstream ? 'pass' : 'ok') : mode;
    switch (current) {
      case 'refuse':
        req.socket.destroy();
        return;
      case 'hang': {
        const timer = setTimeout(() => req.socket.destroy(), hangMs);
        req.socket.once('close', () => clearTimeout(timer));
        return;
      }
      case 'http500':
        res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>500 Internal Server Error</h1>');
        return;
      case 'badjson':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ErrorNo": 1, "Result": [unterminated');
        return;
      case 'burst4029':
        burstLeft--;
        res.writeHead(200, { 'content-type': 'application/json' }).end(envelope(4029, '请求过于频繁，请稍后再试'));
        return;
      case 'ok':
        res.writeHead(200, { 'content-type': 'application/json' }).end(envelope(1, '', options.okResult?.(path) ?? { access_token: 'fault-visitor' }));
        return;
      case 'pass': {
        if (!options.upstream) {
          res.writeHead(502).end();
          return;
        }
        try {
          const upstream = await fetch(new URL(req.url ?? '/', options.upstream), {
            method: req.method,
            headers: { 'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded', ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) },
            body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
            signal: AbortSignal.timeout(10_000),
          });
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        } catch {
          res.writeHead(502).end();
        }
        return;
      }
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let listening = true;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    async setMode(next, opts) {
      mode = next;
      burstLeft = opts?.burst ?? 3;
      if (next === 'refuse' && listening) {
        listening = false;
        for (const s of sockets) s.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } else if (next !== 'refuse' && !listening) {
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
        listening = true;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (!listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: a loopback port bound and released at once. */
export async function refusedUrl(): Promise<string> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
