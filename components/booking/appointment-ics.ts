import 'server-only';
/**
 * The .ics of an appointment (lib/appointment-calendar.ts) from what the appointment page shows: who, which
 * doctor, when, where (with the clinic's address and position), and the 就诊须知 a calendar should carry.
 */
import { appointmentIcs } from '@/lib/appointment-calendar';
import type { Clinic } from '@/lib/api/clinics';
import type { Registration } from '@/lib/api/registrations';
import { routes } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';
import { VISIT_NOTICE_SHORT } from '@/lib/visit-rules';
import { feeText } from '@/lib/fees';
import { visitTimeText } from './appointment-time';

export function appointmentCalendarFile(r: Registration, clinic: Clinic | null, now: Date): string {
  const page = absoluteUrl(routes.registrationDetail(r.registerNo));
  return appointmentIcs(
    {
      registerNo: r.registerNo,
      start: r.periodStart,
      end: r.periodEnd || r.periodStart,
      summary: `圣爱中医就诊：${r.doctorName}${r.doctorTitle}（${r.department}）· 就诊人 ${r.patientName}`,
      location: clinic ? `${r.hospitalName}，${clinic.address}` : r.hospitalName,
      description: [
        `预约单号：${r.registerNo}`,
        `就诊人：${r.patientName}（${r.patientRelation}）`,
        `就诊时间：${visitTimeText(r)}`,
        `门诊：${r.hospitalName}${clinic ? `，${clinic.address}，电话 ${clinic.phone}` : ''}`,
        feeText(r),
        VISIT_NOTICE_SHORT,
        `预约详情、改约与取消：${page}`,
      ].join('\n'),
      url: page,
      host: new URL(page).host,
      lat: clinic?.lat,
      lng: clinic?.lng,
    },
    now,
  );
}
