/**
 * The HTTP status of a server action's answer (docs/security.md "Per client, per phone, then the site").
 * Next answers every server action with 200, whatever it returned, and offers no way to set the status. A
 * refused login, SMS send or registration must still reach nginx and monitoring as **429 Too Many
 * Requests** with Retry-After. So every request of the Node server runs in an AsyncLocalStorage of its own
 * (installed once per process from instrumentation.ts, like the peer stamp); code running for the request,
 * an action included, may ask for a status there, and the answer's head is written with it. Only a 2xx
 * answer is changed: a redirect or an error keeps its own status.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';

interface AnswerStatus {
  status?: number;
  headers?: Record<string, string>;
}

const STORE = Symbol.for('shengai.answer-status');
const INSTALLED = Symbol.for('shengai.answer-status-installed');
type Global = typeof globalThis & { [STORE]?: AsyncLocalStorage<AnswerStatus>; [INSTALLED]?: boolean };

/** One storage per process: the app's bundles and instrumentation each have their own copy of this module. */
function storage(): AsyncLocalStorage<AnswerStatus> {
  const g = globalThis as Global;
  g[STORE] ??= new AsyncLocalStorage<AnswerStatus>();
  return g[STORE];
}

/** Answers the current request with 429 and Retry-After. False outside a request of the patched server. */
export function answerTooManyRequests(retryAfterSeconds: number): boolean {
  const store = storage().getStore();
  if (!store) return false;
  store.status = 429;
  store.headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  return true;
}

type WriteHead = http.ServerResponse['writeHead'];

/** Runs `respond` for one request in a store of its own; the first head written applies its status. */
export function withAnswerStatus<T>(res: http.ServerResponse, respond: () => T): T {
  const store: AnswerStatus = {};
  const writeHead: WriteHead = res.writeHead;
  res.writeHead = function writeHeadWithStatus(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (store.status && statusCode >= 200 && statusCode < 300) {
      statusCode = store.status;
      // writeHead(status, 'OK', headers): the reason phrase goes with the status.
      if (typeof rest[0] === 'string') rest[0] = http.STATUS_CODES[statusCode] ?? '';
      for (const [name, value] of Object.entries(store.headers ?? {})) this.setHeader(name, value);
    }
    return Reflect.apply(writeHead, this, [statusCode, ...rest]) as http.ServerResponse;
  } as WriteHead;
  return storage().run(store, respond);
}

/** Every HTTP server of the process answers each request inside `withAnswerStatus`. */
export function installAnswerStatus(): void {
  const g = globalThis as Global;
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithAnswerStatus(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request' && args[1] instanceof http.ServerResponse) {
      return withAnswerStatus(args[1], () => Reflect.apply(emit, this, [event, ...args]) as boolean);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
