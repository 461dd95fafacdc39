'use client';
/**
 * "在线 / 离线" for one or more doctors, kept fresh with React Query (issue 4).
 * The server renders the first value; the browser polls every 60 s.
 */
import { useQuery } from '@tanstack/react-query';
import { fetchOnlineStatus } from './actions';

const POLL_MS = 60_000;

export function OnlineBadge({ doctorId, initialOnline }: { doctorId: number; initialOnline: boolean }) {
  const { data } = useQuery({
    queryKey: ['doctor-online', doctorId],
    queryFn: () => fetchOnlineStatus([doctorId]),
    initialData: [{ doctorId, online: initialOnline }],
    refetchInterval: POLL_MS,
    staleTime: POLL_MS / 2,
  });
  const online = data.find((s) => s.doctorId === doctorId)?.online ?? false;
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
