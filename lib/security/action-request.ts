/**
 * docs/security.md "Server actions": a server-action request that Next 16 would answer with a 500 is
 * answered here with 400, 403 or 413 (docs/decisions.md "Server-action bodies: a shape check, not React's
 * grammar").
 *
 * Next's action handler treats a POST with a `Next-Action` header as a fetch action and any
 * `multipart/form-data` POST as a possible form action; it answers 500 when the Origin is not a URL or
 * names another host, when the body passes its 1 MB limit, and whenever React's reply decoder throws.
 * Rather than restate that decoder, this check admits only the shape of what the site's own actions
 * are sent (SPEC §5 forms and the member's writes: strings, numbers, booleans, null, plain objects and
 * arrays, and a form's FormData), written the way React writes them:
 * - a JSON argument list (at most Next's 1000 arguments), nested at most 100 levels, its rows at most
 *   10^6 characters in all (React's array-slot limit counts fewer than that);
 * - a string that starts with `$` is one of the plain values React marks that way: an escaped `$$…`,
 *   `$undefined`, `$NaN`, `$Infinity`, `$-Infinity`, `$-0`, a date `$D…`, or a form's fields `$K<hex>`;
 *   anything else (references, Maps, Blobs, BigInts, streams, server references…) is refused unread;
 * - a multipart body has one root field `0` and otherwise only a form's fields (`_<hex>_<name>`); a form
 *   (no-JavaScript) post's bound-action descriptor is a JSON object whose bound arguments, if any, are a
 *   row of the same shape.
 * What React could decode but no action of ours takes gets 400 instead of reaching the action, which
 * would refuse it anyway (zod). The tests check both sides against React itself: what the browser's
 * encoder writes for such arguments passes, and whatever passes decodes with the server's decoder.
 */

import { requestHost } from './trusted-proxy';
import { BODY_LIMITS, bodyLimitOf } from '@/lib/limits';

/** Next's default `serverActions.bodySizeLimit` ('1 MB'), which next.config.mjs keeps. */
export const ACTION_BODY_LIMIT_BYTES = BODY_LIMITS.action;
/** Next's SERVER_ACTION_ARGS_LIMIT: more arguments make it throw. */
export const SERVER_ACTION_ARGS_LIMIT = 1000;
/** Characters of JSON rows in one body; React fails a reply past 10^6 array slots, and a slot takes a character. */
const ROW_CHARS_LIMIT = 1_000_000;
/** Real argument lists are a few levels deep; React's recursive reviver overflows at a few thousand. */
const MAX_DEPTH = 100;

export interface ActionRefusal {
  status: 400 | 403 | 413;
  reason: string;
}

const bad = (reason: string): ActionRefusal => ({ status: 400, reason });

/** Next's own classification (server-action-request-meta.js), case-sensitive as there. */
export function actionRequestKind(method: string, headers: Headers): 'fetch' | 'form' | null {
  if (method !== 'POST') return null;
  if (headers.has('next-action')) return 'fetch';
  return (headers.get('content-type') ?? '').startsWith('multipart/form-data') ? 'form' : null;
}

/** The Origin rule of Next's action handler, without `serverActions.allowedOrigins` (next.config.mjs sets none). */
export function checkActionOrigin(headers: Headers): ActionRefusal | null {
  const origin = headers.get('origin');
  if (origin === null || origin === 'null') {
    // A missing Origin is let through by Next (hand-made requests carry no victim's cookies); `null` never matches a host.
    return origin === 'null' ? { status: 403, reason: 'foreign origin' } : null;
  }
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return bad('origin is not a URL');
  }
  if (!originHost) return bad('origin has no host');
  // A client-sent X-Forwarded-Host counts only behind a trusted proxy (TRUSTED_PROXY_HOPS);
  // proxy.ts then hands Next's own check the same host.
  const host = requestHost(headers);
  return host && host === originHost ? null : { status: 403, reason: 'foreign origin' };
}

/** The `$` strings of plain values; everything else that starts with `$` points somewhere. */
const PLAIN_MARKS = /^\$(?:\$[\s\S]*|undefined|NaN|Infinity|-Infinity|-0|D[\s\S]*|K[0-9a-f]+)$/;

/** A parsed row is nested at most MAX_DEPTH levels and every `$` string in it is a plain value. */
function checkValue(value: unknown): ActionRefusal | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.startsWith('$') && !PLAIN_MARKS.test(item)) return bad('a value no action takes');
    } else if (typeof item === 'object' && item !== null) {
      if (depth >= MAX_DEPTH) return bad('nested too deep');
      for (const child of Object.values(item)) stack.push([child, depth + 1]);
    }
  }
  return null;
}

function parseRow(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** A fetch action's arguments: a JSON list of plain values. */
export function checkReplyText(text: string): ActionRefusal | null {
  if (text.length > ROW_CHARS_LIMIT) return { status: 413, reason: 'arguments too long' };
  const row = parseRow(text);
  if (!row) return bad('a row is not JSON');
  const refusal = checkValue(row.value);
  if (refusal) return refusal;
  if (!Array.isArray(row.value)) return bad('arguments are not a list');
  return row.value.length > SERVER_ACTION_ARGS_LIMIT ? bad('too many arguments') : null;
}

/** A fetch action's multipart body: one root row `0`, and otherwise only the fields of FormData arguments. */
export function checkReplyForm(form: FormData): ActionRefusal | null {
  let root: string | null = null;
  for (const [name, value] of form.entries()) {
    if (/^_[0-9a-f]+_/.test(name)) continue;
    if (name !== '0' || typeof value !== 'string' || root !== null) return bad('a field that is not an argument');
    root = value;
  }
  return root === null ? bad('no root row') : checkReplyText(root);
}

/**
 * A form (no-JavaScript) action: each `$ACTION_REF_<n>` descriptor `$ACTION_<n>:0` is a JSON object of plain
 * values; bound arguments (`"bound":"$@1"`, as React's encodeFormAction writes them) are a plain list in
 * `$ACTION_<n>:1`.
 */
export function checkFormAction(form: FormData): ActionRefusal | null {
  for (const key of form.keys()) {
    if (!key.startsWith('$ACTION_REF_')) continue;
    const prefix = `$ACTION_${key.slice('$ACTION_REF_'.length)}:`;
    const text = form.get(`${prefix}0`);
    // Next itself answers 400 for a missing or non-string descriptor (areAllActionIdsValid).
    if (typeof text !== 'string') continue;
    const row = parseRow(text);
    if (!row || typeof row.value !== 'object' || row.value === null || Array.isArray(row.value)) return bad('form action descriptor is not an object');
    const { bound, ...rest } = row.value as Record<string, unknown>;
    const refusal = checkValue(rest);
    if (refusal) return refusal;
    if (bound === null || bound === undefined) continue;
    const args = form.get(`${prefix}1`);
    if (bound !== '$@1' || typeof args !== 'string') return bad('bound arguments that are not a list');
    const argsRefusal = checkReplyText(args);
    if (argsRefusal) return argsRefusal;
  }
  return null;
}

async function bodyBytes(request: Request): Promise<{ bytes: ArrayBuffer } | { refusal: ActionRefusal }> {
  const url = new URL(request.url);
  const limit = bodyLimitOf(url.pathname);
  const tooLarge = { refusal: { status: 413, reason: `body over ${limit} bytes` } as const };
  if (Number(request.headers.get('content-length') ?? '0') > limit) return tooLarge;
  try {
    // Next gives the proxy its own copy of the body (the app gets a buffered replay); a clone regardless.
    const bytes = await request.clone().arrayBuffer();
    return bytes.byteLength > limit ? tooLarge : { bytes };
  } catch {
    return { refusal: bad('body could not be read') };
  }
}

async function multipartOf(bytes: ArrayBuffer, contentType: string): Promise<FormData | null> {
  try {
    return await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
}

/** Why Next would answer this request with a 500 (or it is no shape our actions take), or null when it may go on. */
export async function checkActionRequest(request: Request): Promise<ActionRefusal | null> {
  const kind = actionRequestKind(request.method, request.headers);
  if (!kind) return null;
  const contentType = request.headers.get('content-type') ?? '';
  // Next bails out before the Origin check for this exact type (a fetch action gets a 404, a form is no action).
  if (contentType === 'application/x-www-form-urlencoded') return null;
  const origin = checkActionOrigin(request.headers);
  if (origin) return origin;
  const body = await bodyBytes(request);
  if ('refusal' in body) return body.refusal;
  if (contentType.startsWith('multipart/form-data')) {
    const form = await multipartOf(body.bytes, contentType);
    if (!form) return bad('multipart body does not parse');
    return kind === 'fetch' ? checkReplyForm(form) : checkFormAction(form);
  }
  // As Next reads it: UTF-8, broken sequences replaced.
  return checkReplyText(new TextDecoder('utf-8').decode(body.bytes));
}

const MESSAGES: Record<ActionRefusal['status'], string> = {
  400: '请求内容无效，请刷新页面后重试',
  403: '请求来源无效，请刷新页面后重试',
  413: '请求内容过大',
};

/**
 * For proxy.ts: a plain-text 400/403/413 answer for a server-action request
 * that Next would fail with a 500, or null to let the request through.
 * API routes are route handlers, never actions: they are not looked at.
 */
export async function refuseMalformedAction(request: Request): Promise<Response | null> {
  if (new URL(request.url).pathname.startsWith('/api/')) return null;
  const refusal = await checkActionRequest(request);
  if (!refusal) return null;
  return new Response(MESSAGES[refusal.status], {
    status: refusal.status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}
