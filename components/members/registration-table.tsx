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
 */
export function RegistrationTable({ records, onChanged }: { records: Registration[]; onChanged?: () => void }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">挂号记录</caption>
        <thead className="bg-stone-50 text-left text-stone-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">就诊日期</th>
            <th scope="col" className="px-4 py-3 font-medium">门诊</th>
            <th scope="col" className="px-4 py-3 font-medium">科室</th>
            <th scope="col" className="px-4 py-3 font-medium">医生</th>
            <th scope="col" className="px-4 py-3 font-medium">就诊人</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">挂号费</th>
            <th scope="col" className="px-4 py-3 text-center font-medium">状态</th>
            {/* As narrow as its widest button: the other columns get the room, so names never break mid-word. */}
            <th scope="col" className="w-px whitespace-nowrap px-4 py-3 font-medium">操作</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.registerNo} className="border-t border-stone-100">
              <td className="px-4 py-3">
                <time dateTime={r.visitDate} className="block font-medium text-stone-900">
                  {r.visitDate}
                </time>
                <span className="text-xs text-stone-600">{r.timeSlot}</span>
              </td>
              <td className="px-4 py-3">
                <Link href={routes.hospitalDetail(r.hospitalCode)} className="text-stone-900 hover:text-brand-700 hover:underline">
                  {r.hospitalName}
                </Link>
              </td>
              <td className="px-4 py-3 text-stone-700">{r.department}</td>
              <td className="px-4 py-3">
                <Link href={routes.doctorDetail(r.doctorCode)} className="text-stone-900 hover:text-brand-700 hover:underline">
                  {r.doctorName}
                </Link>
                <span className="ml-1 text-xs text-jade-700">{r.doctorTitle}</span>
              </td>
              <td className="px-4 py-3 text-stone-700">
                <span className="whitespace-nowrap">{r.patientName}</span>
                <span className="block whitespace-nowrap text-xs text-stone-600">{r.patientRelation}</span>
              </td>
              <td className="px-4 py-3 text-right text-stone-700">
                <span className="whitespace-nowrap">￥{formatYuan(r.amount)}</span>
                {r.discountLabel ? (
                  <span className="block whitespace-nowrap text-xs text-stone-600">
                    原价<s>￥{formatYuan(r.fee)}</s> {r.discountLabel}
                  </span>
                ) : null}
              </td>
              <td className="px-4 py-3 text-center">
                <span className={`whitespace-nowrap rounded-full px-3 py-1 text-xs ${STATUS_STYLE[r.status]}`}>{r.statusName}</span>
                {r.refundAmount > 0 ? <span className="mt-1 block whitespace-nowrap text-xs text-stone-600">已退款￥{formatYuan(r.refundAmount)}</span> : null}
              </td>
              <td className="space-y-2 whitespace-nowrap px-4 py-3">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
