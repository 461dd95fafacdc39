import { Link } from '@/components/ui/link';
import type { Illness } from '@/lib/api/specialties';
import { formatCount } from '@/lib/format';
import { routes } from '@/lib/routes';

/** One specialty/illness offered by a clinic (HIS_Specialty configuration). */
export function IllnessCard({ illness }: { illness: Illness }) {
  return (
    <article className="flex h-full flex-col rounded-lg border border-stone-200 bg-white p-5 shadow-sm hover:shadow-md">
      <div className="flex items-center gap-2">
        <h3 className="text-lg font-semibold">
          <Link href={routes.illnessDetail(illness.id)} className="text-stone-900 hover:text-brand-700">
            {illness.name}
          </Link>
        </h3>
        <span className="rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{illness.typeName}</span>
      </div>
      <p className="mt-1 text-sm text-jade-700">{illness.diseaseTypeName}</p>
      <div className="mt-2 flex-1">
        <p className="line-clamp-2 text-sm text-stone-700">{illness.summary}</p>
      </div>
      <p className="mt-3 text-sm text-stone-600">{illness.clinicName}</p>
      <p className="mt-2 flex gap-4 text-xs text-stone-600">
        <span>
          好评率 <span className="font-semibold text-brand-700">{illness.praiseRate}%</span>
        </span>
        <span>服务 {formatCount(illness.serviceCount)} 人次</span>
      </p>
    </article>
  );
}
