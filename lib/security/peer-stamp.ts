/**
 * Stamps every incoming HTTP request with its socket's peer address under PEER_HEADER, overwriting
 * whatever a client sent under that name (lib/security/client-address.ts). Next 16 gives route
 * handlers, pages and proxy.ts no socket, and its own X-Forwarded-For is only filled in when the
 * client sent none, so without this stamp a client would choose its own address.
 * Installed once per process from instrumentation.ts (Node.js runtime only).
 */
import http from 'node:http';
import { PEER_HEADER } from './client-address';

const globalForStamp = globalThis as typeof globalThis & { __shengaiPeerStamp?: boolean };

export function stampPeer(request: http.IncomingMessage): void {
  request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? '';
}

export function stampPeerAddress(): void {
  if (globalForStamp.__shengaiPeerStamp) return;
  globalForStamp.__shengaiPeerStamp = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function patchedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request' && args[0] instanceof http.IncomingMessage) stampPeer(args[0]);
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
