import 'server-only';
/**
 * The one client of the contract in SPEC §7 (ARCHITECTURE "The contract client"):
 * one ky instance, POST form-encoded, query IsWeb and Sub, Bearer when a token
 * exists, 8000 ms timeout; the envelope unwrapped into a typed Result or an
 * ApiError. Reads retry 3 times on network faults and timeouts only; writes
 * are never retried (a double exchange of points is a lost-data bug).
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import { REQUEST_TIMEOUT_MS, RETRY_COUNT } from '@/lib/constants';
import { ApiError, BAD_RESPONSE_ERROR_NO, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_NO } from './errors';
import { apiBaseUrl, transportFetch } from './transport';
import type { Envelope } from '@/lib/contract';

export type FieldValue = string | number | boolean | null | undefined;
export type FieldMap = Record<string, FieldValue>;

/** The SPEC §7 envelope, as lib/contract declares it for both sides of the contract. */
export type WireEnvelope<T> = Envelope<T>;

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
}

const http = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  throwHttpErrors: false,
  fetch: transportFetch,
});

function formBody(fields: FieldMap): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    if (v !== undefined && v !== null) body.set(k, String(v));
  }
  return body;
}

function isNetworkFault(err: unknown): boolean {
  return err instanceof TimeoutError || err instanceof TypeError || (err as Error)?.name === 'AbortError';
}

/** Observers of every raw call (tests count refresh calls with this). */
type CallObserver = (path: string, options: RequestOptions) => void;
const observers = new Set<CallObserver>();
export function observeCalls(observer: CallObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * Issue 8: after a read times out, the host counts as down for a short while
 * and further reads fail at once with the network error, so a page that needs
 * several calls in a row still answers within one timeout (< 9 s). Writes are
 * always attempted (once).
 */
const HOST_DOWN_MS = 5_000;
const hostDownUntil = new Map<string, number>();

/** Forget timed-out hosts (tests). */
export function resetHostHealth(): void {
  hostDownUntil.clear();
}

/**
 * One raw call: the envelope's Result, or an ApiError for a non-1 ErrorNo,
 * an HTTP fault, an unreadable body or a network fault. No token handling:
 * see session-aware callers (lib/api/public.ts, lib/session).
 */
export async function post<T>(path: string, fields: FieldMap = {}, options: RequestOptions = {}): Promise<T> {
  const base = apiBaseUrl();
  const url = `${base}/api/${path}?${new URLSearchParams({ IsWeb: '1', Sub: options.sub ?? '' })}`;
  if (!options.write && (hostDownUntil.get(base) ?? 0) > Date.now()) {
    throw new ApiError(NETWORK_ERROR_NO, NETWORK_ERROR_MESSAGE, path, { cause: 'host timed out recently' });
  }
  const attempts = options.write ? 1 : 1 + RETRY_COUNT;
  // Issue 8: retries share one deadline, so a hanging host costs one timeout,
  // not four (an uncached page must answer within 9 s).
  const deadline = Date.now() + REQUEST_TIMEOUT_MS;
  let lastFault: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    for (const observe of observers) observe(path, options);
    let response: Response;
    try {
      response = await http.post(url, {
        body: formBody(fields),
        headers: {
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          ...(options.clientIp ? { 'X-Forwarded-For': options.clientIp } : {}),
        },
        timeout: remaining,
      });
    } catch (err) {
      if (!isNetworkFault(err)) throw err;
      lastFault = err;
      if (!options.write && err instanceof TimeoutError) hostDownUntil.set(base, Date.now() + HOST_DOWN_MS);
      continue;
    }
    return unwrap<T>(path, response);
  }
  throw new ApiError(NETWORK_ERROR_NO, NETWORK_ERROR_MESSAGE, path, { cause: String(lastFault) });
}

async function unwrap<T>(path: string, response: Response): Promise<T> {
  let body: WireEnvelope<T>;
  try {
    body = (await response.json()) as WireEnvelope<T>;
  } catch {
    throw new ApiError(BAD_RESPONSE_ERROR_NO, '服务返回了无法识别的内容，请稍后再试', path);
  }
  if (!body || typeof body !== 'object' || typeof body.ErrorNo !== 'number') {
    throw new ApiError(BAD_RESPONSE_ERROR_NO, '服务返回了无法识别的内容，请稍后再试', path);
  }
  if (body.ErrorNo !== 1) throw new ApiError(body.ErrorNo, body.ErrorInfo || '请求失败', path, body.Result);
  return body.Result;
}

export { HTTPError };
