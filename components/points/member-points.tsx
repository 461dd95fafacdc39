'use client';
/**
 * The member's points balance as one React Query value (key `memberPoints`),
 * so every place that shows it (the exchange dialog, the balance badges of
 * /productDetails, /integralChage and /userIndex) updates together after an
 * exchange, without a reload (the dialog sets it from the receipt). The server
 * renders the first value.
 */
import { useQuery } from '@tanstack/react-query';
import { formatPoints } from '@/lib/format';
import { sessionPointsPath } from '@/lib/internal-paths';
import { queryKeys } from '@/components/ui/query-keys';
import { readRoute } from '@/components/ui/read-route';

const fetchMemberPoints = async () => (await readRoute<{ points: number | null }>(sessionPointsPath())).points;

/**
 * The server rendered `initial` for this member just now, so it is the query's
 * initial data and is not refetched on mount (that would be a request per
 * badge on every page load); it is refetched when older than 30 s.
 */
export function useMemberPoints(initial: number | null) {
  return useQuery({ queryKey: queryKeys.memberPoints, queryFn: fetchMemberPoints, initialData: initial, staleTime: 30_000 });
}

/** "我的积分 12.86万" — a live balance badge. */
export function MemberPointsBadge({ initial, label = '我的积分' }: { initial: number | null; label?: string }) {
  const { data: live } = useMemberPoints(initial);
  const data = live ?? initial;
  if (data === null || data === undefined) return null;
  return (
    <p className="text-sm text-stone-700" aria-live="polite">
      {label ? `${label}：` : null}
      <strong className="text-xl text-brand-700" data-testid="member-points" title={`${data} 积分`}>
        {formatPoints(data)}
      </strong>
      <span className="ml-1">积分</span>
    </p>
  );
}
