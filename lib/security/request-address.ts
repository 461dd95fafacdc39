import 'server-only';
/**
 * The current request's client address for server code (pages, server actions, route handlers),
 * by the one rule of client-address.ts. Undefined outside a request (a build, a background job)
 * or when the address is not known.
 */
import { headers } from 'next/headers';
import { knownClientAddress } from './client-address';

export async function requestClientAddress(): Promise<string | undefined> {
  try {
    return knownClientAddress(await headers());
  } catch {
    return undefined;
  }
}
