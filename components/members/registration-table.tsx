import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { CancelForm } from '@/components/booking/cancel-form';
import { PayForm } from '@/components/booking/pay-form';
import type { Registration, RegistrationStatus } from '@/lib/api/registrations';
import { formatYuan } from '@/lib/fees';
import { routes } from '@/lib/routes';

const STATUS_STYLE: Record<RegistrationStatus, string> = {
  booked: 'bg-jade-50 text-jade-700',
  unpaid: 'bg-amber-50 text-amber-900',
  visited: 'bg-stone-100 text-stone-700',
  cancelled: 'bg-stone-100 text-stone-600',
  lapsed: 'bg-stone-100 text-stone-600',
  missed: 'bg-brand-50 text-brand-700',
};

/**
 * The member's appointment records: date, clinic, doctor, whom each is for, status, and what the status
 * allows (待支付: pay with the time left, or cancel; 已预约: cancel until the cut-off; 已就诊: review).
 * Each record links to its appointment page (docs/api.md "HIS_Register booking"). `onChanged`: after a payment or a
 * cancel, for the list's read to be made again (components/members/registration-records.tsx).
 *
 * Below `lg` (a narrow window, or 长者模式 at 200 % zoom: 683 px) eight columns left one character a line, so each
 * record is a card there: its cells stacked, each after its column's name. The roles are written out because a
 * table whose parts are not displayed as a table loses them in some screen readers; the names shown in a card are
 * hidden from them, which hear the column headers as in the table.
 */
export function RegistrationTable({ records, onChanged }: { records: Registration[]; onChanged?: () => void }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table role="table" className="w-full border-collapse text-sm max-lg:block">
        <caption className="sr-only">挂号记录</caption>
        <thead role="rowgroup" className="bg-stone-50 text-left text-stone-700 max-lg:sr-only">
          <tr role="row">
            {COLUMNS.map(({ name, className }) => (
              <th key={name} role="columnheader" scope="col" className={`px-4 py-3 font-medium ${className ?? ''}`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-lg:block">
          {records.map((r) => (
            <tr key={r.registerNo} role="row" className="border-t border-stone-100 max-lg:block max-lg:py-2 max-lg:first:border-t-0">
              <Cell column="就诊日期">
                <time dateTime={r.visitDate} className="block whitespace-nowrap font-medium text-stone-900">
                  {r.visitDate}
                </time>
                <span className="text-xs text-stone-600">{r.timeSlot}</span>
              </Cell>
              <Cell column="门诊">
                <Link href={routes.hospitalDetail(r.hospitalCode)} className="text-stone-900 hover:text-brand-700 hover:underline">
                  {r.hospitalName}
                </Link>
              </Cell>
              <Cell column="科室" className="text-stone-700">
                {r.department}
              </Cell>
              <Cell column="医生">
                <Link href={routes.doctorDetail(r.doctorCode)} className="text-stone-900 hover:text-brand-700 hover:underline">
                  {r.doctorName}
                </Link>
                <span className="ml-1 text-xs text-jade-700">{r.doctorTitle}</span>
              </Cell>
              <Cell column="就诊人" className="text-stone-700">
                <span className="whitespace-nowrap">{r.patientName}</span>
                <span className="block whitespace-nowrap text-xs text-stone-600">{r.patientRelation}</span>
              </Cell>
              <Cell column="挂号费" className="text-right text-stone-700 max-lg:text-left">
                <span className="whitespace-nowrap">￥{formatYuan(r.amount)}</span>
                {r.discountLabel ? (
                  <span className="block whitespace-nowrap text-xs text-stone-600">
                    原价<s>￥{formatYuan(r.fee)}</s> {r.discountLabel}
                  </span>
                ) : null}
              </Cell>
              <Cell column="状态" className="text-center max-lg:text-left">
                <span className={`whitespace-nowrap rounded-full px-3 py-1 text-xs ${STATUS_STYLE[r.status]}`}>{r.statusName}</span>
                {r.refundAmount > 0 ? <span className="mt-1 block whitespace-nowrap text-xs text-stone-600">已退款￥{formatYuan(r.refundAmount)}</span> : null}
              </Cell>
              <Cell column="操作" className="whitespace-nowrap" content="space-y-2">
                {r.canPay ? <PayForm registerNo={r.registerNo} amount={r.amount} deadline={r.payDeadline} simulated={r.simulatedPayment} onPaid={onChanged} /> : null}
                {r.canCancel ? (
                  <CancelForm
                    registerNo={r.registerNo}
                    amount={r.amount}
                    paid={Boolean(r.paidAt) && r.status === 'booked'}
                    visit={`${r.patientName}（${r.patientRelation}） · ${r.visitDate} ${r.timeSlot} · ${r.hospitalName} ${r.doctorName}`}
                    onDone={onChanged}
                  />
                ) : null}
                {r.canReview ? (
                  <Link href={`${routes.registrationDetail(r.registerNo)}#review`} className="inline-block rounded-md bg-jade-600 px-3 py-1 text-sm text-white hover:bg-jade-700">
                    评价
                  </Link>
                ) : null}
                {r.review ? <span className="block text-sm text-stone-600">已评价</span> : null}
                <Link href={routes.registrationDetail(r.registerNo)} className="block text-sm text-brand-700 hover:underline">
                  详情<span className="sr-only">：{r.visitDate} {r.doctorName}的预约</span>
                </Link>
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const COLUMNS: { name: string; className?: string }[] = [
  { name: '就诊日期' },
  { name: '门诊' },
  { name: '科室' },
  { name: '医生' },
  { name: '就诊人' },
  { name: '挂号费', className: 'text-right' },
  { name: '状态', className: 'text-center' },
  // As narrow as its widest button: the other columns get the room, so names never break mid-word.
  { name: '操作', className: 'w-px whitespace-nowrap' },
];

/** A record's cell: in a card (below `lg`), after its column's name, which only the eye reads there. */
function Cell({ column, className = '', content = '', children }: { column: string; className?: string; content?: string; children: ReactNode }) {
  return (
    <td role="cell" className={`px-4 py-3 max-lg:flex max-lg:gap-4 max-lg:py-1.5 ${className}`}>
      <span aria-hidden="true" className="hidden w-20 shrink-0 whitespace-nowrap text-stone-600 max-lg:block">
        {column}
      </span>
      <div className={`min-w-0 ${content}`}>{children}</div>
    </td>
  );
}
