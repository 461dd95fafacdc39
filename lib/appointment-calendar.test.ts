/**
 * The appointment's .ics (lib/appointment-calendar.ts): China time whatever the server's zone, lines of at
 * most 75 octets ending in CRLF, text escaped, and the file readable back to what was put in.
 */
import { describe, expect, it } from 'vitest';
import { appointmentIcs, chinaLocalStamp, escapeText, foldLine } from './appointment-calendar';

const appointment = {
  registerNo: 'R20261120ABCDEF1234',
  start: '2026-11-25T00:30:00.000Z',
  end: '2026-11-25T04:00:00.000Z',
  summary: '圣爱中医 李建国 主任医师（中医内科）· 就诊人 张秀兰',
  location: '圣爱中医馆（五华店），昆明市五华区人民中路123号',
  description: '预约单号 R20261120ABCDEF1234\n请提前15分钟到达；携带就诊人身份证或医保卡。',
  url: 'https://www.example.cn/dRecord/registration/R20261120ABCDEF1234',
  host: 'www.example.cn',
  lat: 25.04,
  lng: 102.71,
};

/** Unfolds the lines and reads NAME(;params):value pairs, undoing TEXT escapes. */
function parse(ics: string): Map<string, string> {
  const unfolded = ics.replace(/\r\n /g, '');
  const props = new Map<string, string>();
  for (const line of unfolded.split('\r\n').filter(Boolean)) {
    const i = line.indexOf(':');
    const name = line.slice(0, i);
    if (!props.has(name)) props.set(name, line.slice(i + 1).replace(/\\n/g, '\n').replace(/\\([,;\\])/g, '$1'));
  }
  return props;
}

describe('appointmentIcs', () => {
  it('puts the period at the China wall clock, in the Asia/Shanghai zone it defines', () => {
    const ics = appointmentIcs(appointment, new Date('2026-11-20T06:00:00Z'));
    const p = parse(ics);
    expect(p.get('DTSTART;TZID=Asia/Shanghai')).toBe('20261125T083000');
    expect(p.get('DTEND;TZID=Asia/Shanghai')).toBe('20261125T120000');
    expect(p.get('TZOFFSETTO')).toBe('+0800');
    expect(p.get('DTSTAMP')).toBe('20261120T060000Z');
    expect(p.get('UID')).toBe('R20261120ABCDEF1234@www.example.cn');
    expect(p.get('SUMMARY')).toBe(appointment.summary);
    expect(p.get('LOCATION')).toBe(appointment.location);
    expect(p.get('DESCRIPTION')).toBe(appointment.description);
    expect(p.get('GEO')).toBe('25.04;102.71');
  });

  it('ends every line in CRLF and folds at 75 octets without splitting a character', () => {
    const ics = appointmentIcs({ ...appointment, description: '请提前到达。'.repeat(40) }, new Date());
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(parse(ics).get('DESCRIPTION')).toBe('请提前到达。'.repeat(40));
  });

  it('a period just before midnight China time stays on its China day', () => {
    expect(chinaLocalStamp('2026-11-25T15:30:00Z')).toBe('20261125T233000');
    expect(chinaLocalStamp('2026-11-25T16:30:00Z')).toBe('20261126T003000');
  });

  it('escapes TEXT and folds a plain ASCII line at 75', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'x'.repeat(200)}`).split('\r\n ');
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((l) => l.length <= 74)).toBe(true);
  });
});
