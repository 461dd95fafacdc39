/**
 * The embedded backend as one Request → Response function: the same paths,
 * envelope and error numbers as the group's API host (SPEC §7, §8). Served
 * over HTTP by app/api/[...path]/route.ts and called in-process by lib/api.
 */
import { openDatabase } from './db';
import { endpoints } from './handlers';
import { takeInjectedFailure } from './handlers/dev';
import { clientAddress, DEVICE_HEADER, isFromSite, limitKey } from '@/lib/security/client-address';
import { deviceOf } from './device-tokens';
import { createSweeper } from './cleanup';
import { startReminderClock } from './reminders';
import { settingsFromEnv } from './settings';
import { createThrottles, type Throttles } from './throttles';
import { isSessionOpen } from './session-tokens';
import { verifyAccessToken } from './tokens';
import {
  BackendError,
  ErrorNo,
  TooManyRequests,
  type BackendSettings,
  type Caller,
  type Database,
  type Fields,
  type HandlerContext,
  type RoutedEndpoint,
  type UploadedFile,
  type UploadRule,
} from './types';
import type { Envelope } from '@/lib/contract';
import { API_BODY_LIMIT_BYTES } from '@/lib/security/request-guard';

/** Bodies above this are refused before parsing (the Node server cuts them there too: lib/security/request-guard.ts). */
export const MAX_BODY_BYTES = API_BODY_LIMIT_BYTES;

export type { Envelope } from '@/lib/contract';

export interface Backend {
  readonly db: Database;
  readonly settings: BackendSettings;
  /** A call over HTTP: app/api/[...path]/route.ts, and the tests of the contract. */
  handle(request: Request): Promise<Response>;
  /** A call of the site's own, in-process (lib/api/transport.ts): the same answer, without a Request or a Response. */
  call(call: InProcessCall): Promise<BackendAnswer>;
}

/** A call made in-process: what `handle` reads of a Request, already read (a form's fields, no files). */
export interface InProcessCall {
  path: string;
  fields: Fields;
  headers: Headers;
  query: { IsWeb: string; Sub: string };
}

/** An answer: its HTTP status, its envelope, and Retry-After of a 429. */
export interface BackendAnswer {
  status: number;
  body: Envelope;
  retryAfter?: string;
}

function json(body: Envelope, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra },
  });
}

const envelope = (errorNo: number, errorInfo: string, result: unknown = null): Envelope => ({
  ErrorNo: errorNo,
  ErrorInfo: errorInfo,
  Result: result,
});

const TOO_LARGE = '请求内容过大';

/**
 * The body as text, read only as far as MAX_BODY_BYTES: a body that declares more is refused unread, and
 * one that goes on past the limit (chunked, or lying about its length) is refused as soon as it passes it,
 * its stream cancelled, never read to its end (docs/security.md "Request bodies").
 */
async function readBody(request: Request, max = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > max) throw new BackendError(ErrorNo.BAD_INPUT, TOO_LARGE);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Not awaited: a branch of a teed body (ky keeps one for a retry) is cancelled only when its twin is too,
      // and the refusal waited for that until the call's timeout.
      void reader.cancel().catch(() => undefined);
      throw new BackendError(ErrorNo.BAD_INPUT, TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * An upload call's body (Endpoint.upload): multipart/form-data up to its own size, its text parts the fields
 * (single-valued as ever) and its file parts the files, in order. Any other body is read as for other calls.
 */
async function readUpload(request: Request, upload: UploadRule): Promise<{ fields: Fields; files: UploadedFile[] }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) return { fields: await readFields(request), files: [] };
  const body = await readBody(request, upload.maxBodyBytes);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new BackendError(ErrorNo.BAD_INPUT, '上传内容格式不正确');
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for (const [k, v] of form) {
    if (typeof v === 'string') {
      if (Object.hasOwn(fields, k)) throw new BackendError(ErrorNo.BAD_INPUT, `字段${k.slice(0, 40)}重复`);
      fields[k] = v;
    } else {
      if (files.length >= upload.maxFiles) throw new BackendError(ErrorNo.BAD_INPUT, `最多上传${upload.maxFiles}张图片`);
      files.push({ field: k, name: v.name.slice(0, 200), bytes: Buffer.from(await v.arrayBuffer()) });
    }
  }
  return { fields, files };
}

async function readFields(request: Request): Promise<Fields> {
  const text = (await readBody(request)).toString('utf8');
  const type = request.headers.get('content-type') ?? '';
  if (text && type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BackendError(ErrorNo.BAD_INPUT, '请求内容不是有效的JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new BackendError(ErrorNo.BAD_INPUT, '请求内容格式不正确');
    }
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (v === null || v === undefined) continue;
      if (typeof v === 'object') throw new BackendError(ErrorNo.BAD_INPUT, `字段${k}格式不正确`);
      fields[k] = String(v);
    }
    return fields;
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    // SPEC §7 fields are single-valued: a repeated key (an array) is refused, never half-used (docs/security.md).
    if (Object.hasOwn(fields, k)) throw new BackendError(ErrorNo.BAD_INPUT, `字段${k.slice(0, 40)}重复`);
    fields[k] = v;
  }
  return fields;
}

async function resolveCaller(db: Database, settings: BackendSettings, token: string | null): Promise<Caller> {
  if (!token) return { kind: 'anonymous' };
  const verified = await verifyAccessToken(settings, token);
  // SPEC §8: an expired access token is 4002, so the client refreshes and replays.
  if (verified.status === 'expired') throw new BackendError(ErrorNo.TOKEN_EXPIRED, '登录已过期，请刷新令牌');
  if (verified.status === 'invalid') throw new BackendError(ErrorNo.UNAUTHORIZED, '无效的令牌，请重新登录');
  const { claims } = verified;
  if (claims.typ === 'visitor') return { kind: 'visitor', sub: claims.sub };
  // Logout and ResetPwd end access at once, not when the access token expires:
  // a member token whose session was revoked (or outlived its absolute lifetime) is refused.
  // verifyAccessToken refuses a member token without a session id, so every member call is checked here.
  if (claims.sid === undefined || !isSessionOpen(db, settings, claims.sid)) {
    throw new BackendError(ErrorNo.UNAUTHORIZED, '登录已失效，请重新登录');
  }
  // A disabled or deleted member's tokens open nothing, on every call (not only those that read the member row).
  const member = db.prepare('SELECT status FROM members WHERE id = ?').get(Number(claims.sub)) as { status: string } | undefined;
  // A token whose member row is gone opens nothing either.
  if (!member || member.status !== 'active') throw new BackendError(ErrorNo.UNAUTHORIZED, '登录已失效，请重新登录');
  let vipCode = '';
  try {
    const vip = claims.VIP ? (JSON.parse(claims.VIP) as { VipCode?: unknown }) : {};
    if (typeof vip.VipCode === 'string') vipCode = vip.VipCode;
  } catch {
    /* an unreadable VIP claim is treated as not bound */
  }
  return { kind: 'member', sub: claims.sub, vipCode, memberId: Number(claims.sub), vip: claims.VIP };
}

function bearer(headers: Headers): string | null {
  const header = headers.get('authorization') ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

/**
 * The caller's address, by the site's one rule (lib/security/client-address.ts): the site's own
 * forwarded visitor address only with its per-process secret, X-Forwarded-For only as far as
 * TRUSTED_PROXY_HOPS allows, else the socket's peer. A browser's own X-Forwarded-For sent straight
 * to /api/... counts for nothing.
 */
export function clientIp(request: Request): string {
  return clientAddress(request.headers);
}

export function createBackend(overrides: Partial<BackendSettings> = {}, throttles: Throttles = createThrottles()): Backend {
  const settings = settingsFromEnv(overrides);
  const db = openDatabase(settings);
  const sweeper = createSweeper(db, settings);

  /** One call, its request read as far as `read` reads it: the envelope every way in shares. */
  async function answer(
    apiPath: string,
    method: string,
    read: (endpoint: RoutedEndpoint) => Promise<{ fields: Fields; files: UploadedFile[] }>,
    headers: Headers,
    query: InProcessCall['query'],
  ): Promise<BackendAnswer> {
    const endpoint = Object.hasOwn(endpoints, apiPath) ? endpoints[apiPath] : undefined;
    if (!endpoint) return { status: 404, body: envelope(ErrorNo.NOT_FOUND, `接口不存在：${apiPath.slice(0, 100)}`) };
    if (method !== 'POST') return { status: 405, body: envelope(ErrorNo.BAD_INPUT, '请使用POST请求') };

    try {
      const { fields, files } = await read(endpoint);
      const token = bearer(headers);
      // A failure a browser test asked for (Dev/FailNext), before anything is done; a call that carries no
      // bearer but a refresh token (OutLogin) is known by that one.
      if (settings.devAids && takeInjectedFailure(settings, apiPath, token ?? fields.refresh_token, fields)) {
        return { status: 200, body: envelope(ErrorNo.REFUSED, '服务暂时不可用，请稍后再试') };
      }
      const caller = endpoint.ignoresToken
        ? await resolveCaller(db, settings, token).catch((): Caller => ({ kind: 'anonymous' }))
        : await resolveCaller(db, settings, token);
      if (endpoint.access === 'member') {
        if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
        if (!caller.vipCode) throw new BackendError(ErrorNo.VIP_NOT_BOUND, '会员卡未绑定，请重新登录');
      }
      const address = clientAddress(headers);
      const ctx: HandlerContext = {
        db,
        fields,
        files,
        caller,
        token,
        ip: limitKey(address),
        address,
        device: deviceOf(settings, headers.get(DEVICE_HEADER)),
        fromSite: isFromSite(headers),
        throttles,
        query,
        settings,
        now: settings.now(),
      };
      sweeper.maybeSweep(ctx.now);
      const result = await endpoint.handle(ctx);
      return { status: 200, body: envelope(ErrorNo.OK, '成功', result ?? null) };
    } catch (err) {
      // A spent limit is HTTP 429 with Retry-After, for the proxy in front and monitoring (docs/security.md).
      if (err instanceof TooManyRequests) {
        return { status: 429, body: envelope(err.errorNo, err.errorInfo, err.result), retryAfter: String(err.retryAfterSeconds) };
      }
      if (err instanceof BackendError) return { status: 200, body: envelope(err.errorNo, err.errorInfo, err.result) };
      // Never a stack trace or a 500 page: answer with the envelope. Always logged, in production
      // too (settings.log is quiet there unless BACKEND_LOG=1): a fault must not pass unseen.
      console.error(`[backend] error in ${apiPath}: ${err instanceof Error ? err.stack : String(err)}`);
      return { status: 200, body: envelope(ErrorNo.SERVER, '系统错误，请稍后再试') };
    }
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { status, body, retryAfter } = await answer(
      url.pathname.replace(/^\/api\//, ''),
      request.method,
      async (endpoint) => (endpoint.upload ? readUpload(request, endpoint.upload) : { fields: await readFields(request), files: [] }),
      request.headers,
      { IsWeb: url.searchParams.get('IsWeb') ?? '', Sub: url.searchParams.get('Sub') ?? '' },
    );
    return json(body, status, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
  }

  function call({ path, fields, headers, query }: InProcessCall): Promise<BackendAnswer> {
    return answer(path, 'POST', async () => ({ fields, files: [] }), headers, query);
  }

  return { db, settings, handle, call };
}

const globalForBackend = globalThis as typeof globalThis & { __shengaiBackend?: Backend };

/** The process-wide backend on DATABASE_PATH, created on first use; it sends the day-before reminders (reminders.ts). */
export function getBackend(): Backend {
  if (!globalForBackend.__shengaiBackend) {
    const backend = createBackend();
    globalForBackend.__shengaiBackend = backend;
    startReminderClock(backend.db, backend.settings);
  }
  return globalForBackend.__shengaiBackend;
}
