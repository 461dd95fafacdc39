import 'server-only';
/**
 * The one client of the contract in SPEC §7 (ARCHITECTURE "The contract client"):
 * one ky instance, POST form-encoded, query IsWeb and Sub (in the address itself),
 * Bearer when a token exists (a ky hook), ky's 8000 ms timeout; the envelope
 * unwrapped into a typed Result or an ApiError. Reads use ky's retry (3, on
 * network faults and timeouts only); writes have retry 0 (a double exchange of
 * points is a lost-data bug). The embedded backend is called in-process as a
 * function with the same fields, headers and envelope (lib/api/transport.ts
 * callEmbeddedBackend), within the same 8000 ms; only the API host is HTTP.
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import { REQUEST_TIMEOUT_MS, RETRY_COUNT } from '@/lib/constants';
import { ApiError, BAD_RESPONSE_ERROR_NO, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_NO } from './errors';
import { requestClientAddress } from '@/lib/security/request-address';
import { DEVICE_HEADER } from '@/lib/security/client-address';
import { requestDeviceToken } from '@/lib/security/request-device';
import { apiBaseUrl, callEmbeddedBackend, transportFetch, usesEmbeddedBackend } from './transport';
import { withDeadline, withinDeadline } from '@/lib/deadline';
import { recordApiCall } from '@/lib/observability/metrics';
import { type CallArgs, type EndpointPath, type Envelope, ErrorNo, type ResultOf } from '@/lib/contract';

/** A Blob is a file part: a call that carries one is sent as multipart/form-data (IM_AskQuestion/AskQuestion's photos). */
export type FieldValue = string | number | boolean | Blob | null | undefined;
export type FieldMap = Record<string, FieldValue>;


export interface RequestOptions {
  /** A write is never retried. */
  write?: boolean;
  /** Bearer token, when the call is made with one. */
  token?: string | null;
  /** SPEC §7 query `Sub` (the token's subject), when known. */
  sub?: string;
  /**
   * The visitor's address, forwarded as X-Forwarded-For: calls are made by this
   * server, so without it the API host sees one address for every visitor and
   * its per-IP limits (SMS sends) would apply to the whole site.
   */
  clientIp?: string;
  /** The visitor's device token (lib/security/request-device.ts), sent under X-Device-Token; writes send the request's own. */
  deviceToken?: string;
}

function formBody(fields: FieldMap): URLSearchParams | FormData {
  const entries = Object.entries(fields).filter((e): e is [string, Exclude<FieldValue, null | undefined>] => e[1] !== undefined && e[1] !== null);
  if (entries.some(([, v]) => v instanceof Blob)) {
    const form = new FormData();
    // A file field's name ends in [] when it repeats (Photo[] → Photo, Photo, …).
    for (const [k, v] of entries) form.append(k.replace(/\[\d*\]$/, ''), v instanceof Blob ? v : String(v));
    return form;
  }
  const body = new URLSearchParams();
  for (const [k, v] of entries) body.set(k, String(v));
  return body;
}

/** What one call's hooks need: the Bearer token and the visitor's address (SPEC §7). */
interface CallContext {
  token?: string | null;
  clientIp?: string;
  deviceToken?: string;
}

/**
 * A network fault: the connection failed (fetch's TypeError), ky's per-attempt
 * timeout, or the call's deadline (lib/deadline.ts, a DOMException named
 * TimeoutError). An HTTP answer of any status is not one: it has been answered.
 */
function isNetworkFault(err: unknown): boolean {
  const name = (err as Error | null)?.name;
  return err instanceof TimeoutError || err instanceof TypeError || name === 'AbortError' || name === 'TimeoutError';
}

/** The call's own deadline fired (not ky's per-attempt timeout): no attempt is left. */
const isDeadline = (err: unknown) => (err as Error | null)?.name === 'TimeoutError' && !(err instanceof TimeoutError);

/** Observers of every raw call (tests count refresh calls with this). */
type CallObserver = (path: string, options: RequestOptions) => void;
const observers = new Set<CallObserver>();
export function observeCalls(observer: CallObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * The one ky instance of the contract (ARCHITECTURE "The contract client"):
 * - `timeout`: SPEC §9, 8000 ms per attempt;
 * - `retry`: SPEC §9, 3 retries, on network faults and timeouts only (an answer
 *   of any status, an envelope with ErrorNo 4029 included, is never repeated),
 *   with a short backoff; the contract is all POST, so `methods` names it, and
 *   `writes` below turns retry off;
 * - `throwHttpErrors: false`: an HTTP fault is read by `unwrap` into the SPEC §8
 *   ApiError, like an envelope that is not one;
 * - hooks: the Bearer header and X-Forwarded-For from the call's `context`.
 */
const reads = ky.create({
  method: 'post',
  timeout: REQUEST_TIMEOUT_MS,
  throwHttpErrors: false,
  fetch: transportFetch,
  retry: {
    limit: RETRY_COUNT,
    methods: ['post'],
    statusCodes: [],
    retryOnTimeout: true,
    delay: (attempt) => 20 * 2 ** (attempt - 1),
    // undefined: ky's own rules (retryOnTimeout) decide; false: never.
    shouldRetry: ({ error }) => (isNetworkFault(error) && !isDeadline(error) ? undefined : false),
  },
  hooks: {
    beforeRequest: [
      (request, options) => {
        const context = options.context as CallContext;
        if (context.token) request.headers.set('Authorization', `Bearer ${context.token}`);
        if (context.clientIp) request.headers.set('X-Forwarded-For', context.clientIp);
        if (context.deviceToken) request.headers.set(DEVICE_HEADER, context.deviceToken);
      },
    ],
  },
});

/** SPEC §7 writes (login, ExchangeGoods, AddTW_Message, …): tried exactly once, even after a timeout. */
const writes = reads.extend({ retry: 0 });

/**
 * docs/security.md "Faults": after a call times out (a read, or a write such as proxy.ts's token
 * refresh), the host counts as down for a short while and further reads fail at once with the
 * network error, so a page that needs several calls in a row still answers within one timeout
 * (< 9 s). Writes are always attempted (once). On globalThis: proxy.ts and the app are bundled apart
 * but run in one process, and a refresh that timed out in proxy.ts must spare the page a second wait.
 */
const HOST_DOWN_MS = 5_000;
const HOST_HEALTH = Symbol.for('shengai.api-host-down-until');
const hostDownUntil: Map<string, number> = ((globalThis as typeof globalThis & { [HOST_HEALTH]?: Map<string, number> })[HOST_HEALTH] ??=
  new Map<string, number>());

/** Forget timed-out hosts (tests). */
export function resetHostHealth(): void {
  hostDownUntil.clear();
}

/**
 * One raw call: the envelope's Result, or an ApiError for a non-1 ErrorNo,
 * an HTTP fault, an unreadable body or a network fault. No token handling:
 * see session-aware callers (lib/api/public.ts, lib/session). The path, its
 * fields and its Result are typed by the endpoint table (lib/contract/endpoints.ts).
 */
export function post<P extends EndpointPath>(path: P, ...[fields, options]: CallArgs<P, RequestOptions>): Promise<ResultOf<P>> {
  return send(path, fields ?? {}, options ?? {}) as Promise<ResultOf<P>>;
}

/** The call itself, for any path: `post` is its typed face. */
async function send(path: string, fields: object, options: RequestOptions): Promise<unknown> {
  // Timed and counted by service group (docs/operations.md "Metrics").
  const started = performance.now();
  try {
    const result = await call(path, fields as FieldMap, options);
    recordApiCall(path, (performance.now() - started) / 1000, { errorNo: ErrorNo.OK });
    return result;
  } catch (err) {
    const errorNo = err instanceof ApiError ? err.errorNo : undefined;
    const fault = errorNo === NETWORK_ERROR_NO ? 'network' : errorNo === BAD_RESPONSE_ERROR_NO ? 'bad_response' : undefined;
    recordApiCall(path, (performance.now() - started) / 1000, { errorNo, fault });
    throw err;
  }
}

async function call(path: string, fields: FieldMap, options: RequestOptions): Promise<unknown> {
  const base = apiBaseUrl();
  if (!options.write && (hostDownUntil.get(base) ?? 0) > Date.now()) {
    throw new ApiError(NETWORK_ERROR_NO, NETWORK_ERROR_MESSAGE, path, { cause: 'host timed out recently' });
  }
  // A write is made for the visitor of the current request: their address goes along, so the API's
  // per-client limits count visitors, not this server (lib/security/client-address.ts).
  const clientIp = options.clientIp ?? (options.write ? await requestClientAddress() : undefined);
  // And their device, so a browser that proved a phone keeps its own allowance for it (lib/session/device.ts).
  const deviceToken = options.deviceToken ?? (options.write ? await requestDeviceToken() : undefined);
  const context: CallContext = { token: options.token, clientIp, deviceToken };
  if (usesEmbeddedBackend()) {
    // In-process (lib/api/transport.ts): no network to retry, but the same deadline (a shared Redis that hangs a
    // limit); a call only HTTP can carry as sent goes below.
    let answered: Awaited<ReturnType<typeof callEmbeddedBackend>>;
    try {
      answered = await withinDeadline(REQUEST_TIMEOUT_MS, callEmbeddedBackend(path, fields, { ...context, sub: options.sub ?? '' }));
    } catch (err) {
      if (!isDeadline(err)) throw err;
      hostDownUntil.set(base, Date.now() + HOST_DOWN_MS);
      throw new ApiError(NETWORK_ERROR_NO, NETWORK_ERROR_MESSAGE, path, { cause: String(err) });
    }
    if (answered) {
      observers.forEach((observe) => observe(path, options));
      return envelopeResult(path, answered.body, retryAfter(answered.status, answered.retryAfter));
    }
  }
  // docs/security.md: the attempts share one deadline, so a hanging host costs one
  // timeout, not four (an uncached page must answer within 9 s). It covers reading the body too.
  return withDeadline(REQUEST_TIMEOUT_MS, async (signal) => {
    let response: Response;
    try {
      // The query in the address itself: ky's `searchParams` builds the Request a second time for it.
      response = await (options.write ? writes : reads)(`${base}/api/${path}?${new URLSearchParams({ IsWeb: '1', Sub: options.sub ?? '' })}`, {
        body: formBody(fields),
        context: context as Record<string, unknown>,
        signal,
        hooks: { beforeRequest: [() => observers.forEach((observe) => observe(path, options))] },
      });
    } catch (err) {
      if (!isNetworkFault(err)) throw err;
      if (err instanceof TimeoutError || isDeadline(err)) hostDownUntil.set(base, Date.now() + HOST_DOWN_MS);
      throw new ApiError(NETWORK_ERROR_NO, NETWORK_ERROR_MESSAGE, path, { cause: String(err) });
    }
    return unwrap(path, response);
  });
}

/** Seconds of a 429's Retry-After (docs/security.md "Per client, per phone, then the site"), else undefined. */
function retryAfter(status: number, header: string | null | undefined): number | undefined {
  if (status !== 429) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

async function unwrap(path: string, response: Response): Promise<unknown> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(BAD_RESPONSE_ERROR_NO, '服务返回了无法识别的内容，请稍后再试', path);
  }
  return envelopeResult(path, body, retryAfter(response.status, response.headers.get('retry-after')));
}

/** The envelope's Result, or an ApiError: its ErrorNo, or a body that is no envelope. */
function envelopeResult(path: string, body: unknown, retryAfterSeconds: number | undefined): unknown {
  const envelope = body as Envelope | null;
  if (!envelope || typeof envelope !== 'object' || typeof envelope.ErrorNo !== 'number') {
    throw new ApiError(BAD_RESPONSE_ERROR_NO, '服务返回了无法识别的内容，请稍后再试', path);
  }
  if (envelope.ErrorNo !== ErrorNo.OK) throw new ApiError(envelope.ErrorNo, envelope.ErrorInfo || '请求失败', path, envelope.Result, retryAfterSeconds);
  return envelope.Result;
}

export { HTTPError };
