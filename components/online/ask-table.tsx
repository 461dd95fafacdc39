/**
 * 我的问诊: each question with its doctor, 就诊人, state (待支付, 待回复, 已回复, 已退款, 已评价, 已过期) and a link to
 * its page. Dates in China time (lib/format).
 */
import { Link } from '@/components/ui/link';
import type { AskedQuestion } from '@/lib/api/ask';
import { formatDateTime } from '@/lib/format';
import { routes } from '@/lib/routes';

const STATE_STYLE: Record<AskedQuestion['status'], string> = {
  unpaid: 'bg-amber-50 text-amber-800',
  lapsed: 'bg-stone-100 text-stone-700',
  waiting: 'bg-brand-50 text-brand-800',
  answered: 'bg-jade-50 text-jade-700',
  refunded: 'bg-stone-100 text-stone-700',
  rated: 'bg-jade-50 text-jade-700',
  refunding: 'bg-stone-100 text-stone-700',
};

export function AskTable({ asks }: { asks: AskedQuestion[] }) {
  return (
    <ul className="space-y-3">
      {asks.map((a) => (
        <li key={a.askNo} className="rounded-lg border border-stone-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-stone-900">
              {a.doctorName} <span className="text-sm font-normal text-stone-600">{a.doctorTitle} · {a.department}</span>
            </p>
            <span className={`rounded-full px-3 py-0.5 text-sm ${STATE_STYLE[a.status]}`}>{a.statusName}</span>
          </div>
          <p className="mt-2 line-clamp-2 break-words text-sm text-stone-800">{a.content}</p>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
            <span>就诊人：{a.patientName}</span>
            <span>{a.isPrivate ? '私密' : '公开'}</span>
            <span>提问时间：{formatDateTime(a.createdAt)}</span>
            <span>单号：{a.askNo}</span>
          </p>
          <p className="mt-2 text-sm">
            <Link href={routes.askDetail(a.askNo)} className="text-brand-700 underline underline-offset-2" aria-label={`查看问诊 ${a.askNo}`}>
              查看详情
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
