import { SlotLink } from '@/components/ui/slot-link';
import type { SlotAlternatives } from './slot-alternatives';
import { Link } from '@/components/ui/link';
import { routes } from '@/lib/routes';

/** The way on from a full slot (slot-alternatives.ts): the doctor's next open times, then colleagues in that half-day. */
export function SlotAlternativesPanel({
  alternatives,
  doctorName,
  doctorCode,
  department,
}: {
  alternatives: SlotAlternatives;
  doctorName: string;
  doctorCode: string;
  department: string;
}) {
  const { nextOfDoctor, sameHalfDay } = alternatives;
  return (
    <section aria-labelledby="slot-alternatives" className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="slot-alternatives" className="text-base font-semibold text-stone-900">
        可以改约这些号源
      </h2>
      <div>
        <h3 className="text-sm font-medium text-stone-800">{doctorName}医生的其他可约时段</h3>
        {nextOfDoctor.length ? (
          <ul aria-label={`${doctorName}医生的其他可约时段`} className="mt-2 flex flex-wrap gap-2 text-sm">
            {nextOfDoctor.map((s) => (
              <li key={s.id}>
                <SlotLink slot={s} label={`${s.date} ${s.weekday} ${s.shiftName} ${s.start}-${s.end}（余${s.remaining}）`} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-stone-600">
            近14天暂无可约时段，
            <Link href={routes.doctorDetail(doctorCode)} className="text-brand-700 underline underline-offset-2">
              查看出诊安排
            </Link>
          </p>
        )}
      </div>
      <div>
        <h3 className="text-sm font-medium text-stone-800">同一时段{department ? `${department}的` : ''}其他医生</h3>
        {sameHalfDay.length ? (
          <ul aria-label="同一时段的其他医生" className="mt-2 flex flex-wrap gap-2 text-sm">
            {sameHalfDay.map((s) => (
              <li key={s.id}>
                <SlotLink slot={s} label={`${s.doctorName} ${s.doctorTitle} ${s.start}-${s.end}（余${s.remaining}）`} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-stone-600">
            该时段本门诊同科室暂无其他医生有号{department ? '，' : '。'}
            {department ? (
              <Link href={routes.department(department)} className="text-brand-700 underline underline-offset-2">
                查看{department}的全部医生
              </Link>
            ) : null}
          </p>
        )}
      </div>
    </section>
  );
}
