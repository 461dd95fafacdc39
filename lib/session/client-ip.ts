import 'server-only';
/**
 * The visitor's address for the API host's per-IP limits, read by the site's one rule
 * (lib/security/client-address.ts: TRUSTED_PROXY_HOPS, default none, so a client's own
 * X-Forwarded-For counts for nothing), or undefined when it is not known.
 */
import { requestClientAddress } from '@/lib/security/request-address';

export async function requestClientIp(): Promise<string | undefined> {
  return requestClientAddress();
}
