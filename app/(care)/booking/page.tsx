import type { Metadata } from 'next';
import { BookingForm } from '@/components/booking/booking-form';
import { BookingSummary } from '@/components/booking/booking-summary';
import { slotAlternatives, type SlotAlternatives } from '@/components/booking/slot-alternatives';
import { SlotAlternativesPanel } from '@/components/booking/slot-alternatives-panel';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getClinicSchedule } from '@/lib/api/clinics';
import { getDoctorPage, getDoctorSchedule } from '@/lib/api/doctors';
import { getMemberProfile } from '@/lib/api/members';
import { getPatients } from '@/lib/api/patients';
import { getBookingSlot, type BookingSlot } from '@/lib/api/registrations';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo';
import { memberClient, requireMember } from '@/lib/session';
import { parseCode, single, type SearchParams } from '@/lib/url-params';
import { newIdempotencyKey } from '@/lib/contract';
import { registrationCharge } from '@/lib/fees';
import { cancelCutoffMinutes, cancelPolicyText } from '@/lib/visit-rules';

export const metadata: Metadata = pageMetadata({ title: '预约挂号', path: '/booking', noindex: true });

/**
 * Booking one schedule slot for a 就诊人 (docs/api.md "HIS_Register booking"). Login-required:
 * a visitor goes through the SPEC §4 login dialog and comes back to this URL,
 * which names the slot. Never cached: the numbers are live.
 */
/** A full or closed slot is no dead end: the doctor's next open times and colleagues in that half-day. */
async function alternativesOf(slot: BookingSlot): Promise<SlotAlternatives> {
  const [doctorDays, clinicSlots, colleagues] = await Promise.all([
    getDoctorSchedule(slot.doctorCode),
    getClinicSchedule(slot.clinicCode),
    slot.department ? getDoctorPage({ orgCode: slot.clinicCode, department: slot.department, pageSize: 50 }) : null,
  ]);
  return slotAlternatives(slot, { doctorDays, clinicSlots, departmentDoctorCodes: colleagues?.items.map((d) => d.appointmentCode) ?? [] });
}

export default async function BookingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = single((await searchParams).slot, 80);
  const scheduleId = parseCode(raw ?? null);
  await requireMember(scheduleId ? routes.booking(scheduleId) : '/booking');
  const found = scheduleId ? await getBookingSlot(scheduleId) : { error: '出诊时段无效，请从医生排班中重新选择' };
  const client = 'slot' in found ? await memberClient() : null;
  const [list, profile] = client ? await Promise.all([getPatients(client), getMemberProfile(client)]) : [null, null];
  const alternatives = 'slot' in found && found.slot.bookState !== 'open' ? await alternativesOf(found.slot) : null;
  return (
    <>
      <PageHeader title="预约挂号" subtitle="确认就诊信息后提交预约，并在时限内完成支付" />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <Breadcrumbs
          crumbs={[
            { name: '首页', path: routes.home() },
            { name: '找医生', path: routes.doctorList() },
            { name: '预约挂号', path: '/booking' },
          ]}
        />
        {'error' in found ? (
          <div role="alert">
            <EmptyState title={found.error} action={{ label: '重新选择医生和时段', href: routes.doctorList() }} />
          </div>
        ) : (
          <>
            <BookingSummary slot={found.slot} charge={registrationCharge(found.slot.fee, profile?.level)} />
            <BookingForm
              scheduleId={found.slot.id}
              idempotencyKey={newIdempotencyKey()}
              bookState={found.slot.bookState}
              patients={list?.patients ?? []}
              selfIdCardOnFile={list?.selfIdCardOnFile ?? false}
              department={found.slot.department}
              visitDate={found.slot.date}
            />
            {alternatives ? (
              <SlotAlternativesPanel
                alternatives={alternatives}
                doctorName={found.slot.doctorName}
                doctorCode={found.slot.doctorCode}
                department={found.slot.department}
              />
            ) : null}
            <p className="text-xs text-stone-600">{cancelPolicyText(cancelCutoffMinutes())}</p>
          </>
        )}
      </div>
    </>
  );
}
