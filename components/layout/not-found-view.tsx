import { Link } from '@/components/ui/link';
import { routes } from '@/lib/routes';

export function NotFoundView() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">页面不存在</h1>
      <p className="mt-3 text-stone-600">您访问的页面可能已被移除、更名，或暂时不可用。</p>
      <div className="mt-8 flex justify-center gap-4">
        <Link href={routes.home()} className="rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-800">
          返回首页
        </Link>
        <Link href={routes.doctorList()} className="rounded border border-brand-700 px-5 py-2 text-brand-700">
          查找医生
        </Link>
      </div>
    </div>
  );
}
