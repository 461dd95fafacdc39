/**
 * Load as browsers send it, through the stack (nginx over HTTPS): document loads with a browser's headers on
 * kept-alive connections, counting every answer by status and every connection error. Used by the
 * rolling-restart test (deploy/e2e/operations.spec.ts) and its bench (bench/operations.ts). No retries of its
 * own: a request that failed is counted, whatever the reason.
 */
import https from 'node:https';
import zlib from 'node:zlib';

export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

export interface LoadResult {
  /** Answers by status code. */
  statuses: Record<number, number>;
  /** Connection errors (reset, refused, timeout), by message. */
  errors: Record<string, number>;
  /** Answers that failed: a 5xx or a connection error. */
  failed: number;
  total: number;
  /** The first few failures, with the time (ms since start) and path. */
  samples: string[];
}

export interface LoadOptions {
  origin: string;
  paths: readonly string[];
  concurrency: number;
  /** Extra headers (a member's cookie). */
  headers?: Record<string, string>;
  /** The answer must hold this text (a member's page names the member); a 200 without it counts as failed. */
  mustContain?: string;
  /** Loopback address to send from (each load its own client to nginx). */
  localAddress?: string;
  /** A form body: the load POSTs it (application/x-www-form-urlencoded) instead of loading documents. */
  post?: string;
}

export function startLoad(options: LoadOptions) {
  const agent = new https.Agent({ keepAlive: true, maxSockets: options.concurrency, rejectUnauthorized: false, localAddress: options.localAddress });
  const result: LoadResult = { statuses: {}, errors: {}, failed: 0, total: 0, samples: [] };
  const started = Date.now();
  let stopped = false;
  const fail = (what: string, path: string) => {
    result.failed++;
    if (result.samples.length < 10) result.samples.push(`${Date.now() - started} ms ${path}: ${what}`);
  };
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const headers: Record<string, string> = { ...BROWSER_HEADERS, ...options.headers };
      if (options.post !== undefined) {
        headers.accept = 'application/json, text/plain, */*';
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
      // Longer than nginx gives a request (proxy_read_timeout 30 s, then the next process): nginx's answer, a 504
      // included, is the verdict, not a budget of the client's own on a machine that may be busy.
      const req = https.request(`${options.origin}${path}`, { agent, method: options.post === undefined ? 'GET' : 'POST', headers, timeout: 120_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (options.mustContain) chunks.push(c);
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          result.total++;
          result.statuses[status] = (result.statuses[status] ?? 0) + 1;
          if (status >= 500) fail(`HTTP ${status}`, path);
          else if (options.mustContain && status === 200 && !decoded(chunks, res.headers['content-encoding']).includes(options.mustContain)) {
            fail('200 without the expected text', path);
          }
          resolve();
        });
        res.on('error', (err) => {
          result.total++;
          result.errors[err.message] = (result.errors[err.message] ?? 0) + 1;
          fail(err.message, path);
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.end(options.post);
      req.on('error', (err) => {
        result.total++;
        result.errors[err.message] = (result.errors[err.message] ?? 0) + 1;
        fail(err.message, path);
        resolve();
      });
    });
  const worker = async (index: number) => {
    for (let i = index; !stopped; i++) await one(options.paths[i % options.paths.length]!);
  };
  const workers = Array.from({ length: options.concurrency }, (_, i) => worker(i));
  return {
    result,
    /** Ends the load after the requests in flight; answers the counts. */
    async stop(): Promise<LoadResult> {
      stopped = true;
      await Promise.all(workers);
      agent.destroy();
      return result;
    },
  };
}

function decoded(chunks: Buffer[], encoding: string | undefined): string {
  const body = Buffer.concat(chunks);
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  if (encoding === 'zstd' && 'zstdDecompressSync' in zlib) return (zlib as unknown as { zstdDecompressSync(b: Buffer): Buffer }).zstdDecompressSync(body).toString('utf8');
  return body.toString('utf8');
}
