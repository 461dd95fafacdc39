'use client';
/**
 * The member's points balance as one React Query entry, so every place that
 * shows it (the exchange dialog, the balance badges of /productDetails,
 * /integralChage and /userIndex) updates together after an exchange, without
 * a reload (issue 7). The server renders the first value (initialData).
 */
import { useQuery } from '@tanstack/react-query';
import { memberPointsAction } from '@/app/productDetails/actions';
import { formatPoints } from '@/lib/format';

export const MEMBER_POINTS_QUERY_KEY = ['member', 'points'] as const;

export function useMemberPoints(initial: number | null) {
  return useQuery({
    queryKey: MEMBER_POINTS_QUERY_KEY,
    queryFn: () => memberPointsAction(),
    initialData: initial,
    // The server rendered this value for this member just now, so it is not
    // refetched on mount (that would fire a server action per badge on every
    // page load). An exchange invalidates this query, which refetches it at once.
    staleTime: 30_000,
  });
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
