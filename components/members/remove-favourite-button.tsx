'use client';
/**
 * Removes a favourite from /userIndex (SPEC §2 member services) through the clinics area's
 * toggleFavourite action (one write, never retried), then reads the page's member part again
 * (GET /session/member-home) so the item is gone; the 收藏 toggles' query is invalidated too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSubmission } from '@/components/ui/use-submission';
import { toggleFavourite } from '@/components/hospitals/actions';
import { queryKeys } from '@/components/ui/query-keys';

export function RemoveFavouriteButton({ kind, code, name }: { kind: 'clinic' | 'doctor'; code: string; name: string }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const { pending, run } = useSubmission(setMessage);
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        disabled={pending}
        aria-label={`取消收藏${name}`}
        onClick={() =>
          run(async () => {
            const r = await toggleFavourite({ kind, code, collect: false });
            if (r.ok) {
              void queryClient.invalidateQueries({ queryKey: queryKeys.favourites(kind) });
              await queryClient.invalidateQueries({ queryKey: queryKeys.memberHome });
            }
            else setMessage(r.message);
          })
        }
        className="rounded-full border border-stone-300 px-3 py-1 text-xs text-stone-700 hover:border-brand-600 hover:text-brand-700 disabled:opacity-50"
      >
        {pending ? '取消中…' : '取消收藏'}
      </button>
      {message ? (
        <span role="alert" className="text-xs text-brand-700">
          {message}
        </span>
      ) : null}
    </span>
  );
}
