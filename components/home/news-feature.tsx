import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { NewsSummary } from '@/lib/api/news';
import { formatDate } from '@/lib/format';
import { newsDetailHref } from '@/lib/news-routes';

/** A news block: the lead item with its cover, then the next ones as dated links. */
export function NewsFeature({ items }: { items: NewsSummary[] }) {
  const [lead, ...rest] = items;
  if (!lead) return null;
  return (
    <div className="grid grid-cols-2 gap-6">
      <article className="group relative overflow-hidden rounded-xl bg-white shadow-sm">
        <div className="relative aspect-[16/9]">
          <StaticImage src={lead.image} alt="" fill className="object-cover transition group-hover:scale-105" />
        </div>
        <div className="p-5">
          <h3 className="text-lg font-semibold text-stone-900">
            <Link href={newsDetailHref(lead.type, lead.id)} className="after:absolute after:inset-0 group-hover:text-brand-700">
              {lead.title}
            </Link>
          </h3>
          <p className="mt-2 line-clamp-2 text-sm text-stone-600">{lead.summary}</p>
          <p className="mt-3 text-xs text-stone-600">
            <time dateTime={formatDate(lead.publishedAt)}>{formatDate(lead.publishedAt)}</time>
          </p>
        </div>
      </article>
      <ul className="divide-y divide-stone-200 rounded-xl bg-white px-5 shadow-sm">
        {rest.map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-4 py-3.5">
            <h3 className="min-w-0 truncate">
              <Link href={newsDetailHref(item.type, item.id)} className="text-stone-800 hover:text-brand-700 hover:underline">
                {item.title}
              </Link>
            </h3>
            <time dateTime={formatDate(item.publishedAt)} className="shrink-0 text-sm text-stone-600">
              {formatDate(item.publishedAt)}
            </time>
          </li>
        ))}
      </ul>
    </div>
  );
}
