import type { ScheduleSlot } from '@/lib/api/doctors';
import { routes } from '@/lib/routes';

/**
 * One schedule cell's booking state: a link to book it while numbers are left,
 * 约满 when none are (a link to its booking page, which offers other times and doctors), 已截止 (not
 * offered) once the period has started.
 * A plain <a>, a full page load: a visitor then meets the SPEC §4 guard of
 * /booking (请先登录 and the login dialog) and comes back to this slot's URL.
 */
export function SlotLink({ slot, label, className = '' }: { slot: ScheduleSlot; label?: string; className?: string }) {
  const when = `${slot.date} ${slot.shiftName} ${slot.start}-${slot.end}`;
  if (slot.bookState === 'full') {
    // No dead end: its booking page offers the doctor's next open times and colleagues in that half-day.
    return (
      <a
        href={routes.booking(slot.id)}
        className={`inline-block rounded bg-stone-100 px-2 py-1 text-stone-600 hover:bg-stone-200 ${className}`}
        title={`${when} 已约满`}
        aria-label={`${slot.doctorName} ${when} 已约满，查看其他可约时段`}
      >
        约满
      </a>
    );
  }
  if (slot.bookState === 'closed') {
    return (
      <span className={`inline-block rounded px-2 py-1 text-stone-500 ${className}`} title={`${when} 已停止预约`}>
        已截止
      </span>
    );
  }
  return (
    <a
      href={routes.booking(slot.id)}
      className={`inline-block rounded bg-jade-50 px-2 py-1 text-jade-700 hover:bg-jade-600 hover:text-white ${className}`}
      aria-label={`预约 ${slot.doctorName} ${when} ${slot.clinicName}，余${slot.remaining}`}
    >
      {label ?? `余${slot.remaining}`}
    </a>
  );
}
