import type { ReactNode } from 'react';
import { ClinicDirections } from '@/components/hospitals/clinic-directions';
import { Link } from '@/components/ui/link';
import type { Clinic } from '@/lib/api/clinics';
import type { Registration, RegistrationStatus } from '@/lib/api/registrations';
import { feeText, formatYuan } from '@/lib/fees';
import { formatDateTime, formatPoints } from '@/lib/format';
import { visitNotice } from '@/lib/visit-rules';
import { routes } from '@/lib/routes';
import { STAR_LABELS } from '@/lib/validation/review-rules';
import { visitTimeText } from './appointment-time';
import { CancelForm } from './cancel-form';
import { PayForm } from './pay-form';
import { RescheduleForm, type RescheduleOption } from './reschedule-form';
import { ReviewForm } from './review-form';

const STATUS_STYLE: Record<RegistrationStatus, string> = {
  booked: 'border-jade-600/30 bg-jade-50 text-jade-700',
  unpaid: 'border-gold-400 bg-amber-50 text-amber-900',
  visited: 'border-stone-200 bg-stone-50 text-stone-700',
  cancelled: 'border-stone-200 bg-stone-50 text-stone-600',
  lapsed: 'border-stone-200 bg-stone-50 text-stone-600',
  missed: 'border-brand-200 bg-brand-50 text-brand-700',
};

const STATUS_NOTE: Record<RegistrationStatus, string> = {
  booked: '预约成功，请按时到门诊就诊。',
  unpaid: '请在支付时限内完成支付，逾期预约将自动取消。',
  visited: '您已完成就诊，欢迎评价本次就诊。',
  cancelled: '该预约已取消，号源已释放。',
  lapsed: '该预约未在时限内支付，已自动取消。',
  missed: '该预约未按时就诊且未取消，已记为爽约。',
};

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id ?? title}-title`} className="scroll-mt-24 rounded-xl border border-stone-200 bg-white p-6">
      <h2 id={`${id ?? title}-title`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function paymentText(r: Registration): string {
  const amount = formatYuan(r.amount);
  if (r.status === 'unpaid') return `待支付 ￥${amount}`;
  if (r.status === 'cancelled') return r.refundAmount > 0 ? `已退款 ￥${formatYuan(r.refundAmount)}（原路退回）` : '未支付，无需退款';
  if (r.status === 'lapsed') return '未支付';
  return r.paidAt ? `已支付 ￥${amount}（${formatDateTime(r.paidAt)}）` : `已支付 ￥${amount}`;
}

/**
 * Everything a patient needs about one appointment (docs/api.md "HIS_Register booking"): its status, whom
 * it is for, doctor, time, clinic with address, phone and directions, fee and payment, 就诊须知, and what
 * can still be done (pay, add to a calendar, reschedule, cancel, review after the visit).
 */
export function AppointmentDetails({
  registration: r,
  clinic,
  rescheduleOptions,
}: {
  registration: Registration;
  clinic: Clinic | null;
  rescheduleOptions: RescheduleOption[];
}) {
  const when = visitTimeText(r);
  const rows: [string, ReactNode][] = [
    ['预约单号', <span key="no" className="font-mono">{r.registerNo}</span>],
    ['就诊人', `${r.patientName}（${r.patientRelation}）${r.patientIdCardMasked ? ` 身份证 ${r.patientIdCardMasked}` : ''}`],
    [
      '医生',
      <>
        <Link href={routes.doctorDetail(r.doctorCode)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
          {r.doctorName}
        </Link>
        <span className="ml-1 text-jade-700">{r.doctorTitle}</span>
        <span className="ml-2 text-stone-600">{r.department}</span>
      </>,
    ],
    ['就诊时间', when],
    [
      '门诊',
      <Link key="c" href={routes.hospitalDetail(r.hospitalCode)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
        {r.hospitalName}
      </Link>,
    ],
    ...(clinic
      ? ([
          ['地址', clinic.address],
          ['电话', <a key="tel" href={`tel:${clinic.phone.replace(/[^\d+-]/g, '')}`} className="text-brand-700 hover:underline">{clinic.phone}</a>],
        ] as [string, ReactNode][])
      : []),
    ['挂号费', feeText(r)],
    ['支付', paymentText(r)],
    ...(r.pointsEarned > 0
      ? ([['积分', r.status === 'cancelled' ? `本次挂号所得${formatPoints(r.pointsEarned)}积分已随退款扣回` : `本次挂号获得${formatPoints(r.pointsEarned)}积分`]] as [string, ReactNode][])
      : []),
    ['下单时间', formatDateTime(r.createdAt)],
    ...(r.rescheduledFrom ? ([['改约', `已由 ${r.rescheduledFrom} 改约至当前时间`]] as [string, ReactNode][]) : []),
  ];
  const active = r.status === 'booked' || r.status === 'unpaid';
  return (
    <div className="space-y-6">
      <div className={`rounded-xl border p-5 ${STATUS_STYLE[r.status]}`}>
        <p className="text-xl font-semibold">{r.statusName}</p>
        <p className="mt-1 text-sm">{STATUS_NOTE[r.status]}</p>
        {r.canPay ? (
          <div className="mt-3">
            <PayForm registerNo={r.registerNo} amount={r.amount} deadline={r.payDeadline} simulated={r.simulatedPayment} />
          </div>
        ) : null}
        {r.status === 'booked' ? (
          <p className="mt-3 flex flex-wrap gap-3 text-sm">
            <a
              href={routes.registrationCalendar(r.registerNo)}
              download={`圣爱中医预约-${r.registerNo}.ics`}
              className="rounded-md border border-jade-600 px-3 py-1.5 text-jade-700 hover:bg-jade-50"
            >
              添加到日历（.ics）
            </a>
            <span className="self-center text-stone-700">就诊前一天18:00起将向就诊人手机发送提醒短信，您为家人预约时您的手机也会收到</span>
          </p>
        ) : null}
      </div>

      <Section title="预约信息">
        <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-3 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-stone-600">{term}</dt>
              <dd className="text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {clinic ? (
        <Section title="到院路线">
          {clinic.traffic ? <p className="mb-3 text-sm leading-7 text-stone-700">{clinic.traffic}</p> : null}
          <ClinicDirections clinic={clinic} withMap />
        </Section>
      ) : null}

      {active ? (
        <Section title="就诊须知">
          <ul className="list-disc space-y-2 pl-5 text-sm leading-7 text-stone-800">
            {visitNotice(r.hospitalName).map((line) => (
              <li key={line}>{line}</li>
            ))}
            <li>
              {r.cancelDeadline
                ? `如需取消或改约，请在 ${formatDateTime(r.cancelDeadline)} 前在本页办理，已付挂号费原路退回；之后请致电门诊。`
                : '如需取消或改约，请致电门诊。'}
            </li>
          </ul>
        </Section>
      ) : null}

      {r.canReschedule ? (
        <Section id="reschedule" title="改约">
          <RescheduleForm registerNo={r.registerNo} options={rescheduleOptions} />
        </Section>
      ) : null}

      {r.canCancel ? (
        <Section title="取消预约">
          <p className="mb-3 text-sm text-stone-700">
            {r.status === 'booked' ? `取消后，已支付的挂号费￥${formatYuan(r.amount)}将原路退回。` : '该预约尚未支付，取消后无需退款。'}
          </p>
          <CancelForm
            registerNo={r.registerNo}
            amount={r.amount}
            paid={r.status === 'booked' && Boolean(r.paidAt)}
            visit={`${r.patientName}（${r.patientRelation}） · ${when} · ${r.hospitalName} ${r.doctorName}`}
          />
        </Section>
      ) : null}

      {r.canReview || r.review ? (
        <Section id="review" title="就诊评价">
          {r.review ? (
            <div className="space-y-2 text-sm">
              <p>
                <span aria-hidden="true" className="text-lg text-amber-700">
                  {'★'.repeat(r.review.stars)}
                  <span className="text-stone-500">{'★'.repeat(5 - r.review.stars)}</span>
                </span>
                <span className="ml-2 text-stone-800">
                  {r.review.stars}星 · {STAR_LABELS[r.review.stars as 1 | 2 | 3 | 4 | 5]}
                </span>
              </p>
              <p className="leading-7 text-stone-800">{r.review.content}</p>
              <p className="text-stone-600">
                评价于 {formatDateTime(r.review.createdAt)}，已展示在
                <Link href={`${routes.doctorDetail(r.doctorCode)}#evaluations`} className="text-brand-700 underline underline-offset-2">
                  {r.doctorName}医生的患者评价
                </Link>
                中。
              </p>
            </div>
          ) : (
            <ReviewForm registerNo={r.registerNo} doctorName={r.doctorName} />
          )}
        </Section>
      ) : null}
    </div>
  );
}
