/**
 * Runs once when a server process starts (Next 16 instrumentation): in the
 * Node.js runtime, lets the page cache send its precompressed pages as they
 * are (lib/page-cache/pass-through.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { installPassThrough } = await import('./lib/page-cache/pass-through');
    installPassThrough();
  }
}
