/**
 * Runs once when a server process starts (Next's instrumentation hook).
 * - Stamps each request with its socket's peer address (lib/security/peer-stamp.ts), which
 *   lib/security/client-address.ts reads when no trusted proxy is configured.
 * - Says in the server log when the embedded backend's development aids are on (lib/backend/dev-aids.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { stampPeerAddress } = await import('./lib/security/peer-stamp');
  stampPeerAddress();
  const { announceDevAids } = await import('./lib/backend/dev-aids');
  announceDevAids();
}
