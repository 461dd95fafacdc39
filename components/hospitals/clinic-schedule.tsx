import { Link } from '@/components/ui/link';
import type { ScheduleSlot } from '@/lib/api/doctors';
import { SlotLink } from '@/components/ui/slot-link';
import { EmptyState } from '@/components/ui/empty-state';
import { routes } from '@/lib/routes';

/**
 * The clinic's schedules (GetSchedOrgList): the next days, each with its doctors by shift and department (a
 * patient looks for 妇科 on Tuesday morning, not for a name), each bookable while numbers are left.
 * `departments` maps a doctor's code to their 科室 (the clinic's doctors, GetOrgDoctorList).
 */
export function ClinicSchedule({ slots, departments = {}, days = 7 }: { slots: ScheduleSlot[]; departments?: Readonly<Record<string, string>>; days?: number }) {
  const departmentOf = (s: ScheduleSlot) => departments[s.doctorCode] ?? '';
  const dates = [...new Set(slots.map((s) => s.date))].slice(0, days);
  if (dates.length === 0) return <EmptyState title="暂无排班" />;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">门诊未来{dates.length}天医生排班</caption>
        <thead>
          <tr className="bg-brand-50">
            <th scope="col" className="w-32 border border-stone-200 px-3 py-2 text-left">日期</th>
            <th scope="col" className="border border-stone-200 px-3 py-2 text-left">上午</th>
            <th scope="col" className="border border-stone-200 px-3 py-2 text-left">下午</th>
            <th scope="col" className="border border-stone-200 px-3 py-2 text-left">夜诊</th>
          </tr>
        </thead>
        <tbody>
          {dates.map((date, i) => {
            const day = slots.filter((s) => s.date === date);
            return (
              <tr key={date} className="align-top">
                <th scope="row" className="border border-stone-200 px-3 py-2 text-left font-medium">
                  {i === 0 ? '今天' : day[0]!.weekday} <span className="block text-xs font-normal text-stone-600">{date}</span>
                </th>
                {[1, 2, 3].map((shiftId) => {
                  const here = day
                    .filter((s) => s.shiftId === shiftId)
                    .sort((a, b) => departmentOf(a).localeCompare(departmentOf(b), 'zh-CN'));
                  return (
                    <td key={shiftId} className="border border-stone-200 px-3 py-2">
                      {here.length ? (
                        <ul className="flex flex-wrap gap-x-3 gap-y-1">
                          {here.map((s) => (
                            <li key={s.id}>
                              {departmentOf(s) ? <span className="mr-1 text-xs text-stone-600">{departmentOf(s)}</span> : null}
                              <Link href={routes.doctorDetail(s.doctorCode)} className="text-brand-700 underline underline-offset-2">
                                {s.doctorName}
                              </Link>
                              <SlotLink slot={s} className="ml-1 text-xs" />
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <>
                          <span className="text-stone-400" aria-hidden="true">—</span>
                          <span className="sr-only">无坐诊</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
