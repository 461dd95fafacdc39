/**
 * Every patch this site makes to Node's HTTP classes, installed from one place at start (instrumentation.ts),
 * with the Next version they were written and checked for (docs/decisions.md "Node's HTTP classes, patched in
 * one place"). Each works around what Next's own server does not offer, so a new Next can make one wrong or
 * needless: outside the range below, the start says so loudly, once, naming the patches to re-check.
 *
 * In the order they are installed (1 to 4, 6 and 7 wrap `http.Server.prototype.emit`):
 * 1. the request log, metrics and SIGTERM drain (lib/observability/http-server.ts): Next times nothing;
 * 2. 405 for TRACE and other methods, 204 for OPTIONS (lib/security/unsupported-methods.ts): Next's WHATWG
 *    Request threw (a 500) before proxy.ts could see them;
 * 3. the socket's peer address stamped on each request (lib/security/peer-stamp.ts): Next gives handlers no
 *    socket, and fills X-Forwarded-For only when the client sent none;
 * 4. a status that code deep inside a request may set, 429 for a refused server action
 *    (lib/security/answer-status.ts): a server action's answer is always 200 otherwise;
 * 5. the page cache's precompressed bytes sent as they are (lib/page-cache/pass-through.ts, on
 *    `ServerResponse.prototype`): Next drops a returned Response's Content-Encoding and gzips it again;
 * 6. a page load that Next answers with its empty error shell (404 or 5xx, `<html id="__next_error__">`) gets the
 *    whole not-found or error page in its place (lib/page-cache/error-mend.ts): Next's production build renders a
 *    page's notFound() UI only in the RSC payload (vercel/next.js #98954), and mending it here renders each page once;
 * 7. bodies over their path's limit refused (413, the connection closed) before Next reads and clones them,
 *    a path with a broken escape handed to Next as the 404 page, and a server action posted to a page that
 *    does not have it answered 404 (lib/security/request-guard.ts): Next read such bodies to the end, answered
 *    500 outside proxy.ts's matcher, and forwarded such actions to itself. Installed last, it runs first.
 */
import nextPackage from 'next/package.json';
import { installHttpServerHook } from '@/lib/observability/http-server';
import { installUnsupportedMethodGuard } from '@/lib/security/unsupported-methods';
import { stampPeerAddress } from '@/lib/security/peer-stamp';
import { installAnswerStatus } from '@/lib/security/answer-status';
import { installPassThrough } from '@/lib/page-cache/pass-through';
import { installErrorMend } from '@/lib/page-cache/error-mend';
import { buildActionOwners, type ActionOwners } from '@/lib/security/action-owners';
import { installRequestGuard } from '@/lib/security/request-guard';

/** The Next versions these patches were written and checked for: 16.4 up to the next major. */
export const NEXT_RANGE = { from: [16, 4], below: [17, 0] } as const;

export const PATCHES = ['request log and drain', 'unsupported methods', 'peer address', 'answer status', 'page-cache pass-through', 'error-page mending', 'request guard'] as const;

/** Whether a Next version (a release or a canary: 16.5.0-canary.3) is inside NEXT_RANGE. */
export function nextVersionFits(version: string): boolean {
  const m = /^(\d+)\.(\d+)\.\d+/.exec(version);
  if (!m) return false;
  const v = Number(m[1]) * 1000 + Number(m[2]);
  return v >= NEXT_RANGE.from[0] * 1000 + NEXT_RANGE.from[1] && v < NEXT_RANGE.below[0] * 1000 + NEXT_RANGE.below[1];
}

export function rangeText(): string {
  return `>=${NEXT_RANGE.from.join('.')} <${NEXT_RANGE.below.join('.')}`;
}

export interface PatchOptions {
  /** The installed Next's version (next/package.json). */
  nextVersion?: string;
  /** Where the warning goes (console.error: the server log). */
  warn?: (line: string) => void;
}

/**
 * Installs every patch (each is idempotent). Outside NEXT_RANGE it warns loudly and installs them all the same:
 * without them the guarantees the tests hold (no 500 for odd methods, 429 for a refused action, the peer address,
 * the cached bytes) are lost for sure; with them, they are to be re-checked.
 */
export async function installNodePatches(options: PatchOptions = {}): Promise<{ nextVersion: string; fits: boolean }> {
  const nextVersion = options.nextVersion ?? nextPackage.version;
  const fits = nextVersionFits(nextVersion);
  if (!fits) {
    (options.warn ?? console.error)(
      `[node-patches] WARNING: Next ${nextVersion} is outside ${rangeText()}, the versions lib/operations/node-patches.ts was written for. ` +
        `Re-check each patch of Node's HTTP classes (${PATCHES.join(', ')}) against this Next, then move NEXT_RANGE.`,
    );
  }
  installHttpServerHook();
  await installUnsupportedMethodGuard();
  stampPeerAddress();
  installAnswerStatus();
  installPassThrough();
  installErrorMend();
  // The build's action owners, read at the first action posted (next dev has no manifest: Next decides).
  let owners: ActionOwners | null | undefined;
  await installRequestGuard({ ownsAction: (pathname, id) => (owners === undefined ? (owners = buildActionOwners()) : owners)?.(pathname, id) ?? null });
  return { nextVersion, fits };
}
