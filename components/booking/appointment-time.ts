/**
 * The words of an appointment's time as the pages, the .ics and the success panels show it. A visit date is
 * already a China date (docs/api.md: VisitDate, China time); its weekday is that date's.
 */
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** 周三 for 2026-11-25 (the China date's weekday, whatever the server's zone). */
export function weekdayOf(date: string): string {
  const d = new Date(`${date}T12:00:00+08:00`);
  return Number.isFinite(d.getTime()) ? (WEEKDAYS[d.getUTCDay()] ?? '') : '';
}

/** 2026-11-25 周三 上午 08:30-12:00 */
export function visitTimeText(r: { visitDate: string; timeSlot: string }): string {
  return `${r.visitDate} ${weekdayOf(r.visitDate)} ${r.timeSlot}`.replace(/\s+/g, ' ').trim();
}
