/**
 * A write's answer is the newest state of what it changed (docs/decisions.md
 * "Client reads: React Query"): it is set into the query at once, with no
 * second request. A read of the same key that left before the write finished
 * carries the older state and must not land on top of it, so it is cancelled
 * first. Where the new value is derived from the old one and no read has
 * arrived yet, there is nothing to derive it from: the key is read again.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export async function setFromWrite<T>(
  client: QueryClient,
  queryKey: QueryKey,
  next: T | ((old: T) => T),
): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  if (typeof next !== 'function') {
    client.setQueryData<T>(queryKey, next);
    return;
  }
  const old = client.getQueryData<T>(queryKey);
  if (old === undefined) {
    await client.invalidateQueries({ queryKey, exact: true });
    return;
  }
  client.setQueryData<T>(queryKey, (next as (old: T) => T)(old));
}
