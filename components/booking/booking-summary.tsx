import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import type { BookingSlot } from '@/lib/api/registrations';
import { formatYuan, toYuan, type RegistrationCharge } from '@/lib/fees';
import { routes } from '@/lib/routes';

/**
 * What is being booked: doctor, clinic, date, period with its hours, numbers left, and what it costs this
 * member: the list fee, their card's discount and the amount to pay (lib/fees.ts, the table the backend charges
 * by). The 就诊人 is chosen in the form; the price is the account holder's, whoever the 就诊人 is.
 */
export function BookingSummary({ slot, charge }: { slot: BookingSlot; charge: RegistrationCharge }) {
  const rows: [string, ReactNode][] = [
    [
      '医生',
      <>
        <Link href={routes.doctorDetail(slot.doctorCode)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
          {slot.doctorName}
        </Link>
        <span className="ml-1 text-sm text-jade-700">{slot.doctorTitle}</span>
        {slot.department ? <span className="ml-2 text-sm text-stone-600">{slot.department}</span> : null}
      </>,
    ],
    [
      '门诊',
      <Link key="c" href={routes.hospitalDetail(slot.clinicCode)} className="text-brand-700 hover:underline">
        {slot.clinicName}
      </Link>,
    ],
    ['就诊日期', `${slot.date} ${slot.weekday}`],
    ['就诊时段', `${slot.shiftName} ${slot.start}-${slot.end}`],
    ['挂号费', `￥${formatYuan(toYuan(charge.listFen))}`],
    ['剩余号源', slot.bookState === 'full' ? '约满' : slot.bookState === 'closed' ? '已停止预约' : `${slot.remaining}`],
    ['会员折扣', charge.discountLabel ? `${charge.discountLabel}（减￥${formatYuan(toYuan(charge.discountFen))}）` : '无'],
    ['应付金额', <strong key="pay" className="text-base text-brand-700">￥{formatYuan(toYuan(charge.amountFen))}</strong>],
  ];
  return (
    <dl aria-label="预约信息" className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-3 rounded-lg border border-stone-200 bg-white p-5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-stone-600">{term}</dt>
          <dd className="text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
