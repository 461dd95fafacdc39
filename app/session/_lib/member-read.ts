import 'server-only';
import type { MemberRead } from '@/components/ui/member-read';
import { isSessionResetError } from '@/lib/api/token-client';
import type { AuthedClient } from '@/lib/api/types';
import { messages } from '@/lib/messages';
import { bodyLengthHeader } from '@/lib/page-cache/pass-through';
import { hasSessionCookie, memberClient } from '@/lib/session';
import { parsePage } from '@/lib/url-params';

/**
 * The read as JSON, private, with its length (lib/page-cache/pass-through.ts): Next's compression leaves an answer
 * under 1 KB as it is, where gzip saves nothing and costs a tenth of the read (docs/decisions.md "The embedded backend,
 * called in-process", its last paragraph).
 */
function privateJson(body: MemberRead<unknown> | { error: string }, status = 200) {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return new Response(bytes, {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store', ...bodyLengthHeader(bytes.byteLength) },
  });
}

/**
 * A read route of a kept member shell (components/ui/member-read.ts): `load` with the member's client.
 * Not getSession(), which answers null for a network fault too, and that is no reason to send a member to 请先登录:
 * the calls themselves renew an expired access token (4002) and end a refused session (4001/4003/4004), whose
 * cookies the token client then clears.
 */
export async function answerMemberRead<T>(load: (client: AuthedClient) => Promise<T>): Promise<Response> {
  if (!(await hasSessionCookie())) return privateJson({ signedOut: true });
  try {
    return privateJson({ signedOut: false, data: await load(await memberClient()) });
  } catch (err) {
    if (isSessionResetError(err)) return privateJson({ signedOut: true });
    return privateJson({ error: messages.networkError }, 503);
  }
}

/** The page of a paged member list from a read's query (the shell's own rule: lib/url-params parsePage), or null. */
export function memberListPage(request: Request): number | null {
  const params = new URL(request.url).searchParams;
  return params.getAll('page').length > 1 ? null : parsePage(params.get('page') ?? undefined, 999_999);
}

/** A query the route refuses: 400 with the message, never a 500. */
export const badMemberQuery = (message: string) => Response.json({ error: message }, { status: 400, headers: { 'cache-control': 'private, no-store' } });
