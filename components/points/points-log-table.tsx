import { Link } from '@/components/ui/link';
import type { PointsLogEntry } from '@/lib/api/points-log';
import { formatDateTime, formatPoints } from '@/lib/format';
import { routes } from '@/lib/routes';

/** +1.2万 / −38: a signed change of points through the one points formatter (SPEC §9 万 from 10000). */
function signed(points: number): string {
  return points >= 0 ? `+${formatPoints(points)}` : `−${formatPoints(-points)}`;
}

/** 积分明细: each credit and debit of points with the balance after it, China time (lib/format), newest first. */
export function PointsLogTable({ entries }: { entries: PointsLogEntry[] }) {
  // A table wider than a narrow window scrolls in its own box, reachable by keyboard (WCAG 1.4.10, 2.1.1).
  return (
    <div role="region" aria-label="积分明细" tabIndex={0} className="relative overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">积分明细</caption>
        <thead className="bg-stone-50 text-left text-stone-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">时间</th>
            <th scope="col" className="px-4 py-3 font-medium">类型</th>
            <th scope="col" className="px-4 py-3 font-medium">说明</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">积分</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">余额</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-t border-stone-100">
              <td className="px-4 py-3 text-stone-700">
                <time dateTime={e.createdAt} className="whitespace-nowrap">{formatDateTime(e.createdAt)}</time>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-stone-900">{e.kindName}</td>
              <td className="px-4 py-3 text-stone-700">
                {e.registerNo ? (
                  <Link href={routes.registrationDetail(e.registerNo)} className="hover:text-brand-700 hover:underline">
                    {e.note}
                  </Link>
                ) : (
                  e.note
                )}
              </td>
              <td className={`whitespace-nowrap px-4 py-3 text-right font-medium ${e.points >= 0 ? 'text-jade-700' : 'text-brand-700'}`}>{signed(e.points)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right text-stone-700">{formatPoints(e.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
