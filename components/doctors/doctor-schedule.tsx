import type { ScheduleDay, ScheduleSlot } from '@/lib/api/doctors';
import { SlotLink } from '@/components/ui/slot-link';
import { EmptyState } from '@/components/ui/empty-state';

const SHIFT_ORDER = [
  { id: 1, name: '上午' },
  { id: 2, name: '下午' },
  { id: 3, name: '夜诊' },
];

/**
 * The soonest slot with numbers left (the doctor page's 预约最近号源): by date, then 上午 before 下午 before 夜诊,
 * whatever order the API lists a day's shifts in. A 约满 slot is not one: its link offers other times.
 */
export function soonestOpenSlot(days: ScheduleDay[]): ScheduleSlot | undefined {
  for (const day of days) {
    const open = day.slots.filter((s) => s.bookState === 'open').sort((a, b) => a.shiftId - b.shiftId);
    if (open[0]) return open[0];
  }
  return undefined;
}

/**
 * The doctor's next 14 days by date and shift (GetDoctorScheduleNew), today first.
 * A plain table in the first HTML; each cell with numbers left links to booking it
 * (/booking?slot=...), a full one says 约满, a started period is not offered.
 */
export function DoctorSchedule({ days }: { days: ScheduleDay[] }) {
  if (days.length === 0) return <EmptyState title="暂无排班" hint="请致电门诊咨询出诊安排" />;
  const today = days[0]!;
  const shifts = SHIFT_ORDER.filter((s) => days.some((d) => d.slots.some((x) => x.shiftId === s.id)));
  return (
    <div className="space-y-5">
      <section aria-labelledby="today-schedule" className="rounded-lg border border-jade-600/30 bg-jade-50 p-4">
        <h3 id="today-schedule" className="font-semibold text-jade-700">
          今日出诊（{today.date} {today.weekday}）
        </h3>
        {today.slots.length ? (
          <ul className="mt-2 flex flex-wrap gap-3">
            {today.slots.map((s) => (
              <li key={s.id} className="rounded-md bg-white px-3 py-2 text-sm shadow-sm">
                <span className="font-medium text-stone-900">{s.shiftName}</span> {s.start}-{s.end} · {s.clinicName} ·{' '}
                <span className="text-jade-700">余号 {s.remaining}</span> · 挂号费 ¥{s.fee} <SlotLink slot={s} label="预约" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-stone-700">今日不出诊</p>
        )}
      </section>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[900px] border-collapse text-center text-sm">
          <caption className="sr-only">未来14天出诊排班</caption>
          <thead>
            <tr className="bg-brand-50 text-stone-800">
              <th scope="col" className="border border-stone-200 px-2 py-2">时段</th>
              {days.map((d, i) => (
                <th key={d.date} scope="col" className={`border border-stone-200 px-2 py-2 ${i === 0 ? 'text-brand-700' : ''}`}>
                  <span className="block">{i === 0 ? '今天' : d.weekday}</span>
                  <span className="block text-xs font-normal text-stone-600">{d.date.slice(5)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shifts.map((shift) => (
              <tr key={shift.id}>
                <th scope="row" className="border border-stone-200 bg-stone-50 px-2 py-3 font-medium">
                  {shift.name}
                </th>
                {days.map((d) => {
                  const slot = d.slots.find((s) => s.shiftId === shift.id);
                  return (
                    <td key={d.date} className="border border-stone-200 px-1 py-3">
                      {slot ? (
                        <SlotLink slot={slot} />
                      ) : (
                        <>
                          {/* aria-label is not allowed on a plain span (Nu checker): the dash is decorative, the words are sr-only. */}
                          <span className="text-stone-400" aria-hidden="true">—</span>
                          <span className="sr-only">不出诊</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
