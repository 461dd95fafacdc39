import { Link } from '@/components/ui/link';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** Builds the link of a page, keeping the rest of the list state in the URL. */
  hrefFor: (page: number) => string;
}

/** Real links, so every page of a list can be shared, crawled and reloaded. */
export function Pagination({ page, pageSize, total, hrefFor }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const window = 2;
  const numbers: number[] = [];
  for (let p = Math.max(1, page - window); p <= Math.min(pages, page + window); p++) numbers.push(p);
  const cls = 'inline-flex min-w-10 items-center justify-center rounded border px-3 py-2 text-sm';
  return (
    <nav aria-label="分页" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev" className={`${cls} border-stone-300 hover:border-brand-600`}>
          上一页
        </Link>
      ) : null}
      {numbers.map((p) =>
        p === page ? (
          <span key={p} aria-current="page" className={`${cls} border-brand-700 bg-brand-700 text-white`}>
            {p}
          </span>
        ) : (
          <Link key={p} href={hrefFor(p)} className={`${cls} border-stone-300 hover:border-brand-600`}>
            {p}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link href={hrefFor(page + 1)} rel="next" className={`${cls} border-stone-300 hover:border-brand-600`}>
          下一页
        </Link>
      ) : null}
      <span className="text-sm text-stone-600">
        共 {total} 条，第 {page}/{pages} 页
      </span>
    </nav>
  );
}
