/**
 * Test helper: one client's call of the API contract (SPEC §7) to an embedded backend, as its HTTP face receives it
 * from a server that stamped the socket's peer (PEER_HEADER) and, when the client has one, its device token. For
 * the tests that attack from many addresses (lib/backend/abuse.test.ts, ceilings.test.ts). Not imported by the app.
 */
import { expect } from 'vitest';
import type { Backend } from '@/lib/backend/router';
import { DEVICE_HEADER, PEER_HEADER } from '@/lib/security/client-address';

/** The answer: its HTTP status and Retry-After, and the envelope (SPEC §7). */
export interface ClientAnswer {
  status: number;
  retryAfter: string | null;
  ErrorNo: number;
  ErrorInfo: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the Result it expects
  Result: any;
}

/** POST /api/{apiPath} from `peer`, never answered with a 5xx. */
export async function callAsClient(backend: Backend, apiPath: string, fields: Record<string, string>, peer: string, device?: string): Promise<ClientAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', [PEER_HEADER]: peer };
  if (device) headers[DEVICE_HEADER] = device;
  const res = await backend.handle(new Request(`http://x/api/${apiPath}?IsWeb=1&Sub=`, { method: 'POST', headers, body: new URLSearchParams(fields) }));
  expect(res.status).toBeLessThan(500);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), ...((await res.json()) as Omit<ClientAnswer, 'status' | 'retryAfter'>) };
}
