import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { Studio } from '@/lib/api/specialties';
import { formatCount } from '@/lib/format';
import { routes } from '@/lib/routes';

/** A famous-doctor studio in the list. */
export function StudioCard({ studio }: { studio: Studio }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm hover:shadow-md">
      <div className="flex items-center gap-4 bg-gradient-to-r from-brand-50 to-white p-5">
        <StaticImage src={studio.image} alt={`${studio.doctorName}医生照片`} width={80} height={100} className="h-[100px] w-[80px] rounded-md object-cover" />
        <div>
          <h3 className="text-lg font-semibold">
            <Link href={routes.expertStudioDetail(studio.id)} className="text-stone-900 hover:text-brand-700">
              {studio.name}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-brand-700">
            领衔：{studio.doctorName} {studio.doctorTitle}
          </p>
          <p className="text-sm text-stone-600">
            {studio.className} · {studio.department}
          </p>
        </div>
      </div>
      <div className="flex-1 px-5 py-4">
        <p className="line-clamp-3 text-sm leading-6 text-stone-700">{studio.introduction}</p>
      </div>
      <p className="flex justify-between border-t border-stone-100 px-5 py-3 text-xs text-stone-600">
        <span>
          好评率 <span className="font-semibold text-brand-700">{studio.praiseRate}%</span>
        </span>
        <span>服务 {formatCount(studio.serviceCount)} 人次</span>
      </p>
    </article>
  );
}
