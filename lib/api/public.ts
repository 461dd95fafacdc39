import 'server-only';
/**
 * Public data (news, doctors, clinics, lists) is fetched with one server-wide
 * visitor token and cached across users (ARCHITECTURE.md). On 4002/4001/4003
 * the token is replaced once, single-flight, and the call replayed once.
 */
import { post, type FieldMap } from './client';
import { ErrorNo } from '@/lib/contract';
import { isApiError } from './errors';

interface VisitorTokenResult {
  access_token: string;
}

let visitorToken: string | null = null;
let pending: Promise<string> | null = null;

async function fetchVisitorToken(): Promise<string> {
  pending ??= post<VisitorTokenResult>('AuthenticationCenter/GetVisitorToken', {}, { write: false })
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
export async function publicRead<T>(path: string, fields: FieldMap = {}): Promise<T> {
  const token = visitorToken ?? (await visitorTokenOrNull());
  try {
    return await post<T>(path, fields, { token });
  } catch (err) {
    if (isApiError(err) && RENEW_ON.has(err.errorNo)) {
      visitorToken = null;
      return post<T>(path, fields, { token: await visitorTokenOrNull() });
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
