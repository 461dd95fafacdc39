/**
 * GET /dRecord/registration/{registerNo}/appointment.ics: the member's own 已预约 appointment as an
 * iCalendar file (text/calendar, China time; lib/appointment-calendar.ts). Login-required like the page
 * (proxy.ts sends a visitor to the login dialog, and this checks the session again); another member's
 * number, an unknown one, or a record with no visit to come is a 404. Member data: private, never stored.
 */
import { redirect } from 'next/navigation';
import { appointmentCalendarFile } from '@/components/booking/appointment-ics';
import { getClinic } from '@/lib/api/clinics';
import { getRegistration } from '@/lib/api/registrations';
import { routes } from '@/lib/routes';
import { getSession, memberClient } from '@/lib/session';
import { isRegisterNo } from '@/lib/contract';

export const dynamic = 'force-dynamic';

const notFound = (message: string) =>
  new Response(message, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });

export async function GET(_request: Request, { params }: { params: Promise<{ registerNo: string }> }) {
  const { registerNo } = await params;
  if (!isRegisterNo(registerNo)) return notFound('预约记录不存在');
  if (!(await getSession())) redirect(routes.loginRequired(routes.registrationDetail(registerNo)));
  const registration = await getRegistration(await memberClient(), registerNo);
  if (!registration) return notFound('预约记录不存在');
  if (registration.status !== 'booked' || !registration.periodStart) return notFound('该预约没有待就诊的时间，无法添加到日历');
  const clinic = await getClinic(registration.hospitalCode).catch(() => null);
  return new Response(appointmentCalendarFile(registration, clinic, new Date()), {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="appointment-${registerNo}.ics"; filename*=UTF-8''${encodeURIComponent(`圣爱中医预约-${registerNo}.ics`)}`,
      'cache-control': 'private, no-store',
    },
  });
}
