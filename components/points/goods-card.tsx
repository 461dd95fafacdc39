import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { PointsGoods } from '@/lib/api/points';
import { routes } from '@/lib/routes';
import { PointsValue } from './points-value';

/** One item of the points mall: image, name, points (万 from 10000), stock. */
export function GoodsCard({ goods }: { goods: PointsGoods }) {
  const soldOut = goods.stock === 0;
  return (
    <li className="group flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <Link href={routes.productDetails(goods.sn)} className="flex flex-1 flex-col focus-visible:outline-2 focus-visible:outline-brand-700">
        <div className="relative aspect-square bg-stone-100">
          <StaticImage src={goods.image} alt={goods.name} fill className="object-cover" />
          {soldOut ? (
            <span className="absolute left-3 top-3 rounded-full bg-stone-800/85 px-3 py-1 text-xs text-white">已兑完</span>
          ) : goods.stock <= 5 ? (
            <span className="absolute left-3 top-3 rounded-full bg-brand-700 px-3 py-1 text-xs text-white">仅剩{goods.stock}件</span>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <span className="text-xs text-jade-700">{goods.category}</span>
          <h3 className="line-clamp-2 font-medium text-stone-900 group-hover:text-brand-700">{goods.name}</h3>
          <p className="line-clamp-2 text-sm text-stone-600">{goods.summary}</p>
          <div className="mt-auto flex items-end justify-between pt-2">
            <PointsValue points={goods.points} className="text-lg font-bold text-brand-700" />
            <span className="text-xs text-stone-600">已兑 {goods.exchangedCount}</span>
          </div>
        </div>
      </Link>
    </li>
  );
}
