import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { NewsSummary } from '@/lib/api/news';
import { formatDate, formatDuration } from '@/lib/format';
import { newsDetailHref } from '@/lib/news-routes';

/** A video item: its poster with a play mark and its length. */
export function VideoCard({ item }: { item: NewsSummary }) {
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm hover:shadow-md">
      <div className="relative aspect-video bg-stone-900">
        {item.image ? <StaticImage src={item.image} alt="" fill className="object-cover opacity-90" /> : null}
        <span
          aria-hidden="true"
          className="absolute left-1/2 top-1/2 flex h-14 w-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-2xl text-brand-700 shadow group-hover:bg-white"
        >
          ▶
        </span>
        {item.durationSeconds ? (
          <span className="absolute bottom-2 right-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white">
            <span className="sr-only">时长</span>
            {formatDuration(item.durationSeconds)}
          </span>
        ) : null}
      </div>
      <div className="p-4">
        <h2 className="font-semibold text-stone-900">
          <Link href={newsDetailHref(item.type, item.id)} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {item.title}
          </Link>
        </h2>
        <p className="mt-2 text-xs text-stone-600">
          <time dateTime={formatDate(item.publishedAt)}>{formatDate(item.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}
