'use client';
/**
 * The member's points balance as one shared client value, so every place that
 * shows it (the exchange dialog, the balance badges of /productDetails,
 * /integralChage and /userIndex) updates together after an exchange, without
 * a reload (issue 7). The server renders the first value.
 */
import { memberPointsAction } from './actions';
import { formatPoints } from '@/lib/format';
import { sharedQuery } from '@/components/ui/shared-query';

/**
 * The server rendered the first value for this member just now, so it is not
 * refetched on mount (that would fire a server action per badge on every page
 * load). An exchange sets it and invalidates it, which refetches it at once.
 */
export const memberPoints = sharedQuery(() => memberPointsAction(), { staleMs: 30_000 });

export function useMemberPoints(initial: number | null) {
  return memberPoints.use(initial);
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
