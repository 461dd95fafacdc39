'use client';
/**
 * "在线 / 离线" for one doctor (SPEC §2). The server renders the first value;
 * React Query (key `onlineStatus`) polls GET /session/online-status every 60 s
 * while the tab is visible (a hidden tab is not polled).
 */
import { useQuery } from '@tanstack/react-query';
import { sessionOnlineStatusPath } from '@/lib/internal-paths';
import { queryKeys } from '@/components/ui/query-keys';
import { readRoute } from '@/components/ui/read-route';

const POLL_MS = 60_000;

async function fetchOnline(doctorId: number): Promise<boolean> {
  const { statuses } = await readRoute<{ statuses: { doctorId: number; online: boolean }[] }>(sessionOnlineStatusPath([doctorId]));
  return statuses.find((s) => s.doctorId === doctorId)?.online ?? false;
}

export function OnlineBadge({ doctorId, initialOnline }: { doctorId: number; initialOnline: boolean }) {
  // A failed poll keeps the last known state; the next one tries again.
  const { data: online = initialOnline } = useQuery({
    queryKey: queryKeys.onlineStatus(doctorId),
    queryFn: () => fetchOnline(doctorId),
    initialData: initialOnline,
    staleTime: POLL_MS,
    refetchInterval: POLL_MS,
  });
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
