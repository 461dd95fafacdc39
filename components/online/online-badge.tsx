'use client';
/**
 * "在线 / 离线" for one doctor (issue 4). The server renders the first value;
 * the browser polls every 60 s while the tab is visible.
 */
import { useEffect, useState } from 'react';
import { fetchOnlineStatus } from './actions';

const POLL_MS = 60_000;

export function OnlineBadge({ doctorId, initialOnline }: { doctorId: number; initialOnline: boolean }) {
  const [online, setOnline] = useState(initialOnline);
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.hidden) return;
      fetchOnlineStatus([doctorId])
        .then((list) => setOnline(list.find((s) => s.doctorId === doctorId)?.online ?? false))
        .catch(() => {
          /* keep the last known state; the next poll tries again */
        });
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [doctorId]);
  return (
    <span
      className={
        online
          ? 'inline-flex items-center gap-1 rounded-full bg-jade-50 px-2.5 py-0.5 text-xs font-medium text-jade-700'
          : 'inline-flex items-center gap-1 rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-600'
      }
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${online ? 'bg-jade-600' : 'bg-stone-400'}`} />
      {online ? '在线' : '离线'}
    </span>
  );
}
