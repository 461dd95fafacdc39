'use client';
/**
 * Confirm a booking for a 就诊人 (BookRegister through bookSlotAction), then pay. Registration is
 * real-name: the member chooses whom the booking is for among their 就诊人 (the account holder is one once
 * their ID card is on file); with none, the form sends them to add one and come back to this slot. The
 * idempotency key comes with the page and is kept for the life of the form, so a double click or a
 * resubmit books once; the button is disabled while the request is under way. The form also says when the
 * slot is full or closed: a booking refreshes the page (the numbers change), and the receipt must stay
 * even when that booking took the last number. Both success panels keep the receipt number and link to
 * the appointment page. Only the 就诊人 the slot's department sees are offered (lib/validation
 * departmentRefusal: 中医妇科 women, 中医儿科 children); the others are listed with the reason.
 */
import { Link } from '@/components/ui/link';
import { useActionState, useCallback, useId, useState } from 'react';
import type { Patient } from '@/lib/api/patients';
import { routes } from '@/lib/routes';
import { departmentRefusal } from '@/lib/validation/patient-rules';
import { bookSlotAction, type BookingActionResult } from './actions';
import { PayForm } from './pay-form';

type Done = Extract<BookingActionResult, { ok: true }>;

function AppointmentLinks({ registerNo }: { registerNo: string }) {
  return (
    <p className="mt-3 flex flex-wrap gap-4 text-sm">
      <Link href={routes.registrationDetail(registerNo)} className="font-medium text-brand-700 underline underline-offset-2 hover:decoration-2">
        查看预约详情（就诊时间、地址与就诊须知）
      </Link>
      <Link href={routes.registrationRecords()} className="text-brand-700 hover:underline">
        查看挂号记录
      </Link>
    </p>
  );
}

export function BookingForm({
  scheduleId,
  idempotencyKey,
  bookState,
  patients: allPatients,
  selfIdCardOnFile,
  department,
  visitDate,
}: {
  scheduleId: string;
  idempotencyKey: string;
  bookState: 'open' | 'full' | 'closed';
  patients: Patient[];
  /** The slot's department and date: whom the department sees on that day. */
  department: string;
  visitDate: string;
  /** Whether the account holder is among the 就诊人 (their ID card is on file). */
  selfIdCardOnFile: boolean;
}) {
  const id = useId();
  const refusals = allPatients.map((p) => ({ patient: p, why: departmentRefusal(department, p, visitDate) }));
  const patients = refusals.filter((r) => !r.why).map((r) => r.patient);
  const notHere = refusals.filter((r): r is { patient: Patient; why: string } => r.why !== null);
  const [state, action, pending] = useActionState<BookingActionResult | null, FormData>(bookSlotAction, null);
  const [key] = useState(idempotencyKey);
  // The first 就诊人 is chosen for the member (the holder when their ID card is on file); they may pick another.
  const [patientId, setPatientId] = useState(patients[0] ? String(patients[0].id) : '');
  const [paid, setPaid] = useState<Done | null>(null);
  const onPaid = useCallback((s: Done) => setPaid(s), []);

  if (paid) {
    const r = paid.receipt;
    return (
      <div role="status" className="rounded-lg border border-jade-600/30 bg-jade-50 p-4">
        <p className="text-lg font-semibold text-jade-700">{paid.message}</p>
        <p className="mt-1 text-sm text-stone-700">
          预约成功（预约单号 {r.registerNo}）：{r.patientName}，{r.visitDate} {r.timeSlot}，{r.hospitalName}。请按时到门诊就诊。
        </p>
        <AppointmentLinks registerNo={r.registerNo} />
      </div>
    );
  }
  if (state?.ok) {
    const r = state.receipt;
    return (
      <div className="space-y-3 rounded-lg border border-gold-400 bg-amber-50 p-4">
        <p role="status" className="font-medium text-stone-900">
          {state.message}（预约单号 {r.registerNo}，就诊人：{r.patientName}，状态：{r.statusName}）
        </p>
        {r.canPay ? <PayForm registerNo={r.registerNo} amount={r.amount} deadline={r.payDeadline} onPaid={onPaid} simulated={r.simulatedPayment} /> : null}
        <AppointmentLinks registerNo={r.registerNo} />
        <p className="text-xs text-stone-600">逾期未支付，预约将自动取消，号源释放给其他患者。</p>
      </div>
    );
  }
  if (bookState !== 'open') {
    return (
      <p role="alert" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
        {bookState === 'full' ? '该时段已约满，请选择其他时段' : '该时段已停止预约，请选择其他时段'}
      </p>
    );
  }
  const back = routes.patients({ next: routes.booking(scheduleId) });
  const cannotList = notHere.length ? (
    <div className="rounded-md border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700">
      <p className="font-medium text-stone-800">以下就诊人不能预约{department}：</p>
      <ul aria-label={`不能预约${department}的就诊人`} className="mt-1 space-y-1">
        {notHere.map(({ patient, why }) => (
          <li key={patient.id}>
            <span className="font-medium">{patient.name}</span>（{patient.relation}）：{why}
          </li>
        ))}
      </ul>
    </div>
  ) : null;
  if (patients.length === 0 && notHere.length > 0) {
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-800">
          您的就诊人中没有可预约{department}的人。可
          <Link href={back} className="font-medium underline underline-offset-2">
            添加就诊人
          </Link>
          ，或选择其他科室的医生。
        </p>
        {cannotList}
      </div>
    );
  }
  if (patients.length === 0) {
    return (
      <div role="alert" className="space-y-2 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-800">
        <p className="font-medium">挂号实行实名制：请先添加就诊人（姓名与身份证号），或在“编辑资料”中登记本人身份证号。</p>
        <p className="flex flex-wrap gap-4">
          <Link href={back} className="font-medium underline underline-offset-2">
            添加就诊人
          </Link>
          <Link href={routes.modifyInfo()} className="underline underline-offset-2">
            登记本人身份证号
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="scheduleId" value={scheduleId} />
      <input type="hidden" name="idempotencyKey" value={key} />
      <fieldset className="rounded-lg border border-stone-200 bg-white p-5">
        <legend className="px-1 text-sm font-medium text-stone-800">
          就诊人 <span className="text-brand-700">*</span>
          <span className="ml-2 font-normal text-stone-600">挂号实行实名制，请选择本次就诊的人</span>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {patients.map((p) => (
            <label
              key={p.id}
              htmlFor={`${id}-patient-${p.id}`}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-stone-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                id={`${id}-patient-${p.id}`}
                type="radio"
                name="patientId"
                value={p.id}
                checked={patientId === String(p.id)}
                onChange={() => setPatientId(String(p.id))}
                className="mt-1"
              />
              <span>
                <span className="font-medium text-stone-900">{p.name}</span>
                <span className="ml-1 text-sm text-jade-700">（{p.relation}）</span>
                <span className="block text-xs text-stone-600">身份证 {p.idCardMasked}</span>
              </span>
            </label>
          ))}
        </div>
        <p className="mt-3 flex flex-wrap gap-4 text-sm">
          <Link href={back} className="text-brand-700 underline underline-offset-2">
            管理就诊人
          </Link>
          {selfIdCardOnFile ? null : (
            <span className="text-stone-600">
              为本人预约？请先
              <Link href={routes.modifyInfo()} className="text-brand-700 underline underline-offset-2">
                登记本人身份证号
              </Link>
            </span>
          )}
        </p>
      </fieldset>
      {cannotList}
      {state?.ok === false ? (
        <p role="alert" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
          {state.message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-brand-700 px-6 py-2 text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {pending ? '正在提交…' : '确认预约'}
      </button>
    </form>
  );
}
