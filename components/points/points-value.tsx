import { formatPoints } from '@/lib/format';

/** A points figure, in 万 from 10000 up (SPEC §9), with the exact value for screen readers and tooltips. */
export function PointsValue({ points, className = '' }: { points: number; className?: string }) {
  const shown = formatPoints(points);
  return (
    <span className={className} title={`${points} 积分`}>
      {shown}
      <span className="ml-0.5 text-[0.8em] font-normal">积分</span>
    </span>
  );
}
