import { Link } from '@/components/ui/link';
import type { ExchangeOrder } from '@/lib/api/exchange-orders';
import { formatDateTime, formatPoints } from '@/lib/format';
import { routes } from '@/lib/routes';

/** 兑换记录: goods, points (SPEC §9 万 from 10000), China time (lib/format) and state of each exchange, newest first. */
export function ExchangeRecordsTable({ orders }: { orders: ExchangeOrder[] }) {
  // A table wider than a narrow window scrolls in its own box, reachable by keyboard (WCAG 1.4.10, 2.1.1).
  return (
    <div role="region" aria-label="兑换记录" tabIndex={0} className="relative overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">兑换记录</caption>
        <thead className="bg-stone-50 text-left text-stone-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">商品</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">数量</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">消耗积分</th>
            <th scope="col" className="px-4 py-3 font-medium">兑换时间</th>
            <th scope="col" className="px-4 py-3 font-medium">订单号</th>
            <th scope="col" className="px-4 py-3 text-center font-medium">状态</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderNo} className="border-t border-stone-100">
              <td className="px-4 py-3">
                <Link href={routes.productDetails(o.sn)} className="text-stone-900 hover:text-brand-700 hover:underline">
                  {o.name}
                </Link>
              </td>
              <td className="px-4 py-3 text-right text-stone-700">{o.quantity}</td>
              <td className="px-4 py-3 text-right text-brand-700">{formatPoints(o.points)}</td>
              <td className="px-4 py-3 text-stone-700">
                <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time>
              </td>
              <td className="px-4 py-3 text-xs text-stone-600">{o.orderNo}</td>
              <td className="px-4 py-3 text-center">
                <span className="rounded-full bg-jade-50 px-3 py-1 text-xs text-jade-700">{o.statusName}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
