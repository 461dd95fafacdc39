'use client';
/**
 * The favourite (收藏) toggle, a small client leaf over the toggleFavourite
 * server action. Visitors are asked to log in (SPEC §2). The write is sent
 * once; the button is disabled while it runs, so a double click is one write.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSubmission } from '@/components/ui/use-submission';
import { sessionFavouritesPath } from '@/lib/internal-paths';
import { queryKeys } from '@/components/ui/query-keys';
import { setFromWrite } from '@/components/ui/write-answer';
import { toggleFavourite } from './actions';

interface FavouriteCodes {
  loggedIn: boolean;
  codes: string[];
}

async function fetchFavouriteCodes(kind: 'clinic' | 'doctor'): Promise<FavouriteCodes> {
  const response = await fetch(sessionFavouritesPath(kind), { cache: 'no-store' });
  if (!response.ok) return { loggedIn: false, codes: [] };
  return (await response.json()) as FavouriteCodes;
}


export function FavouriteToggle({
  kind,
  code,
  name,
  initialCollected = false,
  initialCount,
}: {
  kind: 'clinic' | 'doctor';
  code: string;
  name: string;
  initialCollected?: boolean;
  initialCount?: number;
}) {
  // The page is the same for everyone; the member's own state is read after
  // hydration, once per page and kind (every toggle shares the query).
  const queryClient = useQueryClient();
  const { data: remote, isError } = useQuery({ queryKey: queryKeys.favourites(kind), queryFn: () => fetchFavouriteCodes(kind) });
  const collected = remote?.loggedIn ? remote.codes.includes(code) : initialCollected;
  // Until the member's state has arrived, aria-pressed would be a guess: the button waits for it.
  const known = remote !== undefined || isError;
  const [count, setCount] = useState(initialCount);
  const [message, setMessage] = useState('');
  const { pending, run } = useSubmission(setMessage);

  function onClick() {
    setMessage('');
    run(async () => {
      const r = await toggleFavourite({ kind, code, collect: !collected });
      if (r.ok) {
        // The write's answer is the new state: set it for every toggle, no refetch.
        await setFromWrite<FavouriteCodes>(queryClient, queryKeys.favourites(kind), (old) => {
          const codes = old.codes.filter((c) => c !== code);
          return { loggedIn: true, codes: r.collected ? [...codes, code] : codes };
        });
        setCount(r.count);
        setMessage(r.collected ? '已收藏' : '已取消收藏');
      } else {
        setMessage(r.message);
      }
    });
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={onClick}
        disabled={pending || !known}
        aria-pressed={collected}
        aria-label={`${collected ? '取消收藏' : '收藏'}${name}`}
        className={
          collected
            ? 'rounded-full bg-gold-400 px-4 py-1.5 text-sm font-medium text-stone-900 disabled:opacity-60'
            : 'rounded-full border border-brand-700 px-4 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60'
        }
      >
        {collected ? '★ 已收藏' : '☆ 收藏'}
        {typeof count === 'number' ? <span className="ml-1 text-xs">({count})</span> : null}
      </button>
      <span role="status" aria-live="polite" className="text-sm text-brand-700">
        {message}
      </span>
    </span>
  );
}
