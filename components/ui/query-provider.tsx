'use client';
/**
 * The one QueryClient of the browser (docs/decisions.md "Client reads: React
 * Query"). One client per page load in the browser, and one per render on the
 * server, so one person's data never reaches another person's render.
 * Defaults: data is fresh for a minute, a failed read is tried once more, a
 * focus does not refetch; writes are server actions and never go through here.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
