import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import type { BookingSlot } from '@/lib/api/registrations';
import { routes } from '@/lib/routes';

/** What is being booked: doctor, clinic, date, period with its hours, fee and numbers left (the 就诊人 is chosen in the form). */
export function BookingSummary({ slot }: { slot: BookingSlot }) {
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
    ['挂号费', `￥${slot.fee}`],
    ['剩余号源', slot.bookState === 'full' ? '约满' : slot.bookState === 'closed' ? '已停止预约' : `${slot.remaining}`],
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
