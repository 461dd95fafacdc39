/**
 * Runs once when a server process starts (Next 16 instrumentation). On the
 * Node runtime: unsupported methods such as TRACE answer 405 on every path
 * (lib/security/unsupported-methods.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { installUnsupportedMethodGuard } = await import('@/lib/security/unsupported-methods');
    await installUnsupportedMethodGuard();
  }
}
