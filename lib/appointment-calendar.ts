/**
 * An appointment as an iCalendar file (RFC 5545), for "添加到日历" on the appointment page
 * (/dRecord/registration/{registerNo}/appointment.ics). Times are China time: the event names the
 * Asia/Shanghai zone, which the file defines itself (UTC+8 all year, no daylight saving since 1991), so a
 * calendar anywhere shows the visit at the hour the clinic expects the patient. Lines end in CRLF and are
 * folded at 75 octets without splitting a character, as the RFC asks.
 */

export interface CalendarAppointment {
  registerNo: string;
  /** ISO instants of the period. */
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  /** The appointment page, absolute. */
  url: string;
  /** The host part of the UID (the site's host). */
  host: string;
  lat?: number | null;
  lng?: number | null;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** 20261125T083000: the China wall clock of an instant, in iCalendar's local form. */
export function chinaLocalStamp(iso: string): string {
  const d = new Date(new Date(iso).getTime() + CHINA_OFFSET_MS).toISOString();
  return `${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}T${d.slice(11, 13)}${d.slice(14, 16)}${d.slice(17, 19)}`;
}

/** 20261125T003000Z: an instant in UTC, for DTSTAMP. */
function utcStamp(date: Date): string {
  const d = date.toISOString();
  return `${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}T${d.slice(11, 13)}${d.slice(14, 16)}${d.slice(17, 19)}Z`;
}

/** RFC 5545 TEXT: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (continuation lines start with a space), never inside a UTF-8 character. */
const encoder = new TextEncoder();

export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function appointmentIcs(a: CalendarAppointment, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Shengai TCM//Appointment//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Shanghai',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0800',
    'TZOFFSETTO:+0800',
    'TZNAME:CST',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${a.registerNo}@${a.host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=Asia/Shanghai:${chinaLocalStamp(a.start)}`,
    `DTEND;TZID=Asia/Shanghai:${chinaLocalStamp(a.end)}`,
    `SUMMARY:${escapeText(a.summary)}`,
    `LOCATION:${escapeText(a.location)}`,
    `DESCRIPTION:${escapeText(a.description)}`,
    `URL:${a.url}`,
    ...(a.lat != null && a.lng != null && Number.isFinite(a.lat) && Number.isFinite(a.lng) ? [`GEO:${a.lat};${a.lng}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(`就诊提醒：${a.summary}`)}`,
    'TRIGGER:-PT1H',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
