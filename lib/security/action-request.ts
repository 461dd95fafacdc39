/**
 * docs/security.md: server-action requests that Next 16.4 answers with a 500, answered
 * here with 400, 403 or 413 instead (docs/security.md "Server actions").
 *
 * Next's action handler (next/dist/server/app-render/action-handler.js)
 * treats a POST with a `Next-Action` header as a fetch action, and any
 * `multipart/form-data` POST as a possible form (MPA) action. It answers 500
 * when:
 * - the `Origin` header is not a URL (`new URL(origin)` throws), or its host
 *   differs from `X-Forwarded-Host` (first value) or else `Host` (its CSRF
 *   refusal is a 500 with a Flight body);
 * - the body exceeds the 1 MB server-action limit (an ApiError 413 that the
 *   fetch path turns into 500);
 * - React's reply decoder (decodeReply, decodeReplyFromBusboy) throws: a body
 *   that is not JSON, a root that is not an argument list (`"x"`, `5`, `null`
 *   make `action.apply` throw), a `$` reference to a row that is missing or
 *   comes later in the body, a path (`$0:a:b`) that does not resolve, a Map,
 *   Set or Iterator row that is not an array, a Blob or typed array that is not
 *   a file part, a bad BigInt, nesting deep enough to overflow the reviver's
 *   stack, or arrays past React's 10^6 slot limit;
 * - a multipart body that busboy cannot parse (no boundary, truncated) or
 *   that lacks the root field `0`; for a form action, a `$ACTION_REF_` whose
 *   descriptor is not JSON.
 *
 * The check below mirrors that grammar structurally, so a real request (the
 * browser's `encodeReply`) always passes and these bodies are refused before
 * Next sees them. A server reference (`$h`) passed as an argument is refused
 * too: the proxy cannot look one up (no manifest), an unknown one is Next's
 * 500, and no action of this site takes one. Next gives the proxy its own copy of the body (body-streams.js
 * getCloneableBody: the app gets a buffered replay), so reading it here
 * consumes nothing; we read a clone regardless.
 */

import { requestHost } from './trusted-proxy';

/** Next's default `serverActions.bodySizeLimit` ('1 MB'), which next.config.mjs keeps. */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;
/** Next's SERVER_ACTION_ARGS_LIMIT (action-handler.js): more arguments make it throw. */
export const SERVER_ACTION_ARGS_LIMIT = 1000;
/** React's default arraySizeLimit of a reply. */
const ARRAY_SLOT_LIMIT = 1_000_000;
/** Real argument lists are a few levels deep; React's recursive reviver overflows at a few thousand. */
const MAX_DEPTH = 100;
const MAX_BIGINT_DIGITS = 300;

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

/** A row of the reply: JSON text, a file part, or nothing. */
type Row = { kind: 'text'; value: string } | { kind: 'file'; size: number };

interface Rows {
  get(id: number): Row | undefined;
}

type Parsed = { ok: true; value: unknown } | { ok: false };

const HEX = /^[0-9a-fA-F]+$/;
/** Second characters React's parseModelString handles itself (react-server-dom … parseModelString). */
const STANDALONE = new Set(['$', 'H', 'T', 'K', 'I', '-', 'N', 'u', 'D']);
/** Typed arrays and their element size; `B` is a Blob (any size). */
const BINARY: Record<string, number> = { A: 1, O: 1, o: 1, U: 1, S: 2, s: 2, L: 4, l: 4, G: 4, g: 8, M: 8, m: 8, V: 1, B: 1 };
const STREAMS = new Set(['R', 'r', 'X', 'x']);

function canBigInt(digits: string): boolean {
  if (digits.length > MAX_BIGINT_DIGITS) return false;
  try {
    BigInt(digits);
    return true;
  } catch {
    return false;
  }
}

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => typeof v === 'object' && v !== null;

/**
 * Checks the rows reachable from row 0 against React's reply grammar. `rows`
 * are the fields React holds when row 0 arrives (busboy hands them over in
 * body order, so a reference to a later field is a forward reference, which
 * fails). Returns a refusal, or null when React can decode the body into an
 * argument list; `created` receives the ids of the rows React turned into
 * chunks (a later field with such an id makes React throw).
 */
function checkReply(rows: Rows, created: Set<number> = new Set(), streams: Set<number> = new Set()): ActionRefusal | null {
  const parsed = new Map<number, Parsed>();
  const consumed = new Set<string>();
  /** Array slots per row, React's count (own arrays, strings in arrays, referenced rows). */
  const slots = new Map<number, number>();
  const depthOf = new Map<number, number>();
  const visiting = new Set<number>();
  const promised = new Set<number>();
  const typed = new Set<number>();
  /** React only enforces its slot limit once some array has more than one element. */
  let forked = false;

  function parse(id: number): Parsed {
    const known = parsed.get(id);
    if (known) return known;
    const row = rows.get(id);
    let out: Parsed = { ok: false };
    if (row?.kind === 'text') {
      try {
        out = { ok: true, value: JSON.parse(row.value) as unknown };
      } catch {
        out = { ok: false };
      }
    }
    parsed.set(id, out);
    return out;
  }

  /** Walks one row; returns a refusal or null, and records its slot count and depth. */
  function walkRow(id: number): ActionRefusal | null {
    if (slots.has(id)) return null;
    if (visiting.has(id)) return null; // a self-reference: React resolves it once the row is done
    visiting.add(id);
        const root = parse(id);
    if (!root.ok) return bad(`row ${id} is not JSON`);
    let count = 0;
    let maxDepth = 0;
    // Iterative walk: [value, depth, directly inside an array]
    const stack: [unknown, number, boolean][] = [[root.value, 1, false]];
    while (stack.length > 0) {
      const [value, depth, inArray] = stack.pop()!;
      if (depth > maxDepth) maxDepth = depth;
      if (depth > MAX_DEPTH) return bad('nested too deep');
      if (typeof value === 'string') {
        const r = checkString(value, id);
        if (r.refusal) return r.refusal;
        if (inArray) count += r.slots;
        if (r.depth + depth > maxDepth) maxDepth = r.depth + depth;
        if (maxDepth > MAX_DEPTH * 2) return bad('references nested too deep');
        continue;
      }
      if (Array.isArray(value)) {
        count += value.length + 1;
        if (value.length > 1) forked = true;
        for (const item of value) stack.push([item, depth + 1, true]);
      } else if (isContainer(value)) {
        for (const key of Object.keys(value)) stack.push([(value as Record<string, unknown>)[key], depth + 1, false]);
      }
    }
    visiting.delete(id);
    slots.set(id, count);
    depthOf.set(id, maxDepth);
    return null;
  }

  /** A reference to another row: it must be there already (or be this row), and decode itself. */
  function referTo(target: number, fromId: number): { refusal?: ActionRefusal; slots: number; depth: number } {
    const row = rows.get(target);
    if (!row) return { refusal: bad(`reference to a missing or later row ${target}`), slots: 0, depth: 0 };
    if (row.kind !== 'text') return { refusal: bad(`row ${target} is a file`), slots: 0, depth: 0 };
    created.add(target);
    if (target === fromId) return { slots: 0, depth: 0 };
    const refusal = walkRow(target);
    if (refusal) return { refusal, slots: 0, depth: 0 };
    return { slots: slots.get(target) ?? 0, depth: depthOf.get(target) ?? 0 };
  }

  function checkString(value: string, fromId: number): { refusal?: ActionRefusal; slots: number; depth: number } {
    if (value[0] !== '$') return { slots: value.length, depth: 0 };
    const tag = value[1];
    if (tag === undefined) return { refusal: bad('bare $'), slots: 0, depth: 0 };
    if (tag === '$') return { slots: value.length - 1, depth: 0 };
    if (tag === 'n') {
      const digits = value.slice(2);
      return canBigInt(digits) ? { slots: digits.length, depth: 0 } : { refusal: bad('bad BigInt'), slots: 0, depth: 0 };
    }
    if (STANDALONE.has(tag)) return { slots: 0, depth: 0 };
    if (STREAMS.has(tag)) {
      // A stream owns its row id: its chunks come as later fields of that id.
      const idText = value.slice(2);
      const id = Number.parseInt(idText, 16);
      if (!HEX.test(idText) || streams.has(id)) return { refusal: bad('bad or repeated stream'), slots: 0, depth: 0 };
      streams.add(id);
      return { slots: 0, depth: 0 };
    }
    if (tag === '@') {
      // A promise of a row, which may come later (React waits for it); a missing one only rejects the promise.
      if (!HEX.test(value.slice(2))) return { refusal: bad('bad promise reference'), slots: 0, depth: 0 };
      promised.add(Number.parseInt(value.slice(2), 16));
      return { slots: 0, depth: 0 };
    }
    if (Object.hasOwn(BINARY, tag)) {
      const id = Number.parseInt(value.slice(2), 16);
      const row = HEX.test(value.slice(2)) ? rows.get(id) : undefined;
      if (row?.kind !== 'file' || row.size % BINARY[tag]! !== 0) return { refusal: bad('binary data is not a fitting file part'), slots: 0, depth: 0 };
      if (tag !== 'B') {
        // A typed array makes its row a chunk, once.
        if (typed.has(id)) return { refusal: bad('typed array used twice'), slots: 0, depth: 0 };
        typed.add(id);
      }
      return { slots: 0, depth: 0 };
    }
    // A server reference names an action to call back. No action of this site takes one as an argument and the
    // browser's encoder only writes one for a function passed as an argument; Next fails an unknown one with a 500.
    if (tag === 'h') return { refusal: bad('server reference as an argument'), slots: 0, depth: 0 };
    if (tag === 'Q' || tag === 'W' || tag === 'i') {
      const ref = value.slice(2);
      const [idText = '', ...path] = ref.split(':');
      if (!HEX.test(idText)) return { refusal: bad('bad reference'), slots: 0, depth: 0 };
      const id = Number.parseInt(idText, 16);
      const r = referTo(id, fromId);
      if (r.refusal) return r;
      const target = resolvePath(id, path);
      if (target === INVALID) return { refusal: bad('reference path does not resolve'), slots: 0, depth: 0 };
      if (!Array.isArray(target)) return { refusal: bad('Map, Set or Iterator row is not an array'), slots: 0, depth: 0 };
      if (tag === 'Q' && !target.every((e) => Array.isArray(e) || (typeof e === 'string' && e.startsWith('$')))) {
        return { refusal: bad('Map entries are not pairs'), slots: 0, depth: 0 };
      }
      // React marks the array consumed: a second Map, Set or Iterator from it fails.
      const key = `${id}:${path.join(':')}`;
      if (consumed.has(key)) return { refusal: bad('one array initialises two collections'), slots: 0, depth: 0 };
      consumed.add(key);
      return r;
    }
    // Anything else is an outlined model: "$<hex id>[:path…]".
    const [idText = '', ...path] = value.slice(1).split(':');
    if (!HEX.test(idText)) return { refusal: bad('unknown $ token'), slots: 0, depth: 0 };
    const id = Number.parseInt(idText, 16);
    const r = referTo(id, fromId);
    if (r.refusal) return r;
    if (resolvePath(id, path) === INVALID) return { refusal: bad('reference path does not resolve'), slots: 0, depth: 0 };
    return r;
  }

  const INVALID = Symbol('invalid');

  /**
   * The value at a path in a row's raw JSON. The encoder writes a back
   * reference to where the value itself was written, so a path never passes
   * through another reference; one that does is refused.
   */
  function resolvePath(id: number, path: string[]): unknown {
    const root = parse(id);
    if (!root.ok) return INVALID;
    let current: unknown = root.value;
    for (const key of path) {
      if (!isContainer(current) || key === '__proto__' || !Object.hasOwn(current, key)) return INVALID;
      const next = (current as Record<string, unknown>)[key];
      // React deletes a key whose value decodes to undefined, so a path through it fails.
      if (next === '$undefined' || (typeof next === 'string' && next.startsWith('$u'))) return INVALID;
      current = next;
    }
    return current;
  }

  const root = rows.get(0);
  if (!root) return bad('no root row');
  if (root.kind !== 'text') return bad('root row is a file');
  const refusal = walkRow(0);
  if (refusal) return refusal;
  const value = parse(0);
  if (!value.ok || !Array.isArray(value.value)) return bad('arguments are not a list');
  // Next refuses more than SERVER_ACTION_ARGS_LIMIT arguments with a thrown Error (a 500); a 400 here.
  if (value.value.length > SERVER_ACTION_ARGS_LIMIT) return bad('too many arguments');
  const total = [...slots.values()].reduce((a, b) => a + b, 0);
  if (forked && total > ARRAY_SLOT_LIMIT) return { status: 413, reason: 'too many array slots' };
  // A promise makes a chunk too; one not there yet stays pending, and one later field may still fill it.
  for (const id of promised) created.add(id);
  created.add(0);
  for (const id of [...streams, ...typed]) {
    if (created.has(id) || (streams.has(id) && typed.has(id))) return bad(`row ${id} is used twice`);
  }
  for (const id of typed) created.add(id);
  return null;
}

/** A fetch action's body when it is not multipart: one JSON row. */
export function checkReplyText(text: string): ActionRefusal | null {
  return checkReply({ get: (id) => (id === 0 ? { kind: 'text', value: text } : undefined) });
}

/** The id React's resolveField gives a field name (`+name`), or NaN for backing-only names (`_…`, `S…`). */
function chunkIdOf(name: string, prefix: string): number {
  if (!name.startsWith(prefix)) return Number.NaN;
  const rest = name.slice(prefix.length);
  return rest.startsWith('_') || rest.startsWith('S') ? Number.NaN : +rest;
}

/** React's backing store of the given fields: the last text or file of each name, looked up as prefix + id. */
function backingRows(entries: [string, FormDataEntryValue][], prefix = ''): Rows {
  const text = new Map<string, string>();
  const files = new Map<string, number>();
  for (const [name, value] of entries) {
    if (!name.startsWith(prefix) || name.startsWith(`${prefix}_`)) continue;
    if (typeof value === 'string') {
      if (!name.startsWith(`${prefix}S`)) text.set(name, value);
    } else files.set(name, value.size);
  }
  return {
    get: (id) => {
      const key = `${prefix}${id}`;
      const value = text.get(key);
      const size = files.get(key);
      return value !== undefined ? { kind: 'text', value } : size !== undefined ? { kind: 'file', size } : undefined;
    },
  };
}

/**
 * A fetch action's multipart body (React's FormData encoding), in the order
 * busboy delivers it: row 0 decodes when it arrives, with the fields before
 * it; a later text field whose id is already a chunk makes React throw.
 */
export function checkReplyForm(form: FormData): ActionRefusal | null {
  const entries = [...form.entries()];
  const rootAt = entries.findIndex(([name, value]) => typeof value === 'string' && chunkIdOf(name, '') === 0);
  if (rootAt < 0) return bad('no root row');
  const created = new Set<number>();
  const streams = new Set<number>();
  const rows = backingRows(entries.slice(0, rootAt));
  const root = entries[rootAt]![1] as string;
  const refusal = checkReply({ get: (id) => (id === 0 ? { kind: 'text', value: root } : rows.get(id)) }, created, streams);
  if (refusal) return refusal;
  const pending = new Set([...created].filter((id) => id !== 0 && !rows.get(id)));
  for (const [name, value] of entries.slice(rootAt + 1)) {
    const id = chunkIdOf(name, '');
    if (typeof value !== 'string' || !created.has(id) || streams.has(id)) continue;
    if (!pending.delete(id)) return bad(`row ${id} sent twice`);
  }
  return null;
}

/** A form (MPA) action: each `$ACTION_REF_<n>` descriptor `$ACTION_<n>:0` must decode like a reply. */
export function checkFormAction(form: FormData): ActionRefusal | null {
  for (const key of form.keys()) {
    if (!key.startsWith('$ACTION_REF_')) continue;
    const prefix = `$ACTION_${key.slice('$ACTION_REF_'.length)}:`;
    // decodeAction has the whole form at hand: no order to respect.
    const rows = backingRows([...form.entries()], prefix);
    const root = rows.get(0);
    // Next itself answers 400 for a missing or non-string descriptor (areAllActionIdsValid).
    if (!root || root.kind !== 'text') continue;
    let descriptor: unknown;
    try {
      descriptor = JSON.parse(root.value);
    } catch {
      return bad('form action descriptor is not JSON');
    }
    if (!isContainer(descriptor) || Array.isArray(descriptor)) return bad('form action descriptor is not an object');
    // Reuse the reply grammar on the descriptor's row; it need not be a list.
    const refusal = checkReply({ get: (id) => (id === 0 ? { kind: 'text', value: `[${root.value}]` } : rows.get(id)) });
    if (refusal) return refusal;
  }
  return null;
}

async function bodyBytes(request: Request): Promise<{ bytes: ArrayBuffer } | { refusal: ActionRefusal }> {
  const tooLarge = { refusal: { status: 413, reason: 'body over 1 MB' } as const };
  if (Number(request.headers.get('content-length') ?? '0') > ACTION_BODY_LIMIT_BYTES) return tooLarge;
  try {
    const bytes = await request.clone().arrayBuffer();
    return bytes.byteLength > ACTION_BODY_LIMIT_BYTES ? tooLarge : { bytes };
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

/** Why Next would answer this request with a 500, or null when it may go on. */
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
  const { bytes } = body;
  if (contentType.startsWith('multipart/form-data')) {
    const form = await multipartOf(bytes, contentType);
    if (!form) return bad('multipart body does not parse');
    return kind === 'fetch' ? checkReplyForm(form) : checkFormAction(form);
  }
  // As Next reads it: UTF-8, broken sequences replaced.
  return checkReplyText(new TextDecoder('utf-8').decode(bytes));
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
