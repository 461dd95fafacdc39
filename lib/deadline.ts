/**
 * A deadline for one piece of work: its AbortSignal aborts with a TimeoutError DOMException after `ms`, as
 * AbortSignal.timeout's does, and its timer is cleared the moment the work ends.
 *
 * Why not AbortSignal.timeout: its timer runs its whole term whether or not the work has ended, and a pending
 * timer keeps the async context it was made in (AsyncLocalStorage's stores: Next's request stores and, through
 * them, React's render of the page) until it fires. One such signal per API call kept 8 s of every render alive:
 * 843 pending timers and most of 20 MiB of render state in the heap after the bench's member load on Node 24
 * (docs/decisions.md "Memory").
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `work` within `ms`, else a TimeoutError DOMException (as withDeadline's signal aborts with), for work that takes
 * no signal: a call of the embedded backend in-process (lib/api/client.ts). The timer is cleared when it settles.
 */
export function withinDeadline<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
