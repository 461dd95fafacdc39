import 'server-only';
/**
 * Public data (news, doctors, clinics, lists) is fetched with one server-wide
 * visitor token and cached across users (ARCHITECTURE.md). On 4002/4001/4003
 * the token is replaced once, single-flight, and the call replayed once.
 */
import { post, type RequestOptions } from './client';
import { type CallArgs, type EndpointPath, type FieldsArgs, ErrorNo, type ResultOf } from '@/lib/contract';
import { isApiError } from './errors';

let visitorToken: string | null = null;
let pending: Promise<string> | null = null;

async function fetchVisitorToken(): Promise<string> {
  pending ??= post('AuthenticationCenter/GetVisitorToken', {}, { write: false })
    .then((r) => {
      visitorToken = r.access_token;
      return visitorToken;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

const RENEW_ON = new Set<number>([ErrorNo.UNAUTHORIZED, ErrorNo.TOKEN_EXPIRED, ErrorNo.REFRESH_EXPIRED]);

/** A read of public data with the server-wide visitor token. */
export async function publicRead<P extends EndpointPath>(path: P, ...[fields]: FieldsArgs<P>): Promise<ResultOf<P>> {
  const token = visitorToken ?? (await visitorTokenOrNull());
  // The same fields with the token as options (the tuple is P's, which TypeScript cannot follow through a rebuild).
  const args = (token: string | null) => [fields, { token }] as unknown as CallArgs<P, RequestOptions>;
  try {
    return await post(path, ...args(token));
  } catch (err) {
    if (isApiError(err) && RENEW_ON.has(err.errorNo)) {
      visitorToken = null;
      return post(path, ...args(await visitorTokenOrNull()));
    }
    throw err;
  }
}

/** Public reads still work without a token when the host does not issue one yet. */
async function visitorTokenOrNull(): Promise<string | null> {
  try {
    return await fetchVisitorToken();
  } catch {
    return null;
  }
}
