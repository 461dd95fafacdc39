'use client';
/**
 * The favourite (收藏) toggle, a small client leaf over the toggleFavourite
 * server action. Visitors are asked to log in (issue 4). The write is sent
 * once; the button is disabled while it runs, so a double click is one write.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, useTransition } from 'react';
import { readFavourite, toggleFavourite } from './actions';

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
  // The page is cached for everyone; the member's own state is read after hydration.
  const { data: remote } = useQuery({
    queryKey: ['favourite', kind, code],
    queryFn: () => readFavourite({ kind, code }),
    staleTime: 60_000,
  });
  const [toggled, setToggled] = useState<boolean | null>(null);
  const collected = toggled ?? (remote?.loggedIn ? remote.collected : initialCollected);
  const [count, setCount] = useState(initialCount);
  const [message, setMessage] = useState('');
  const [pending, startTransition] = useTransition();

  function onClick() {
    setMessage('');
    startTransition(async () => {
      const r = await toggleFavourite({ kind, code, collect: !collected });
      if (r.ok) {
        setToggled(r.collected);
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
        disabled={pending}
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
