import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/components/ui/link';
import type { NewsSummary } from '@/lib/api/news';
import { formatDate } from '@/lib/format';
import { newsDetailHref } from '@/lib/news-routes';
import { Highlight } from '@/components/ui/highlight';

/** A news item as a card with its cover, for grids of news, culture, glory and charity. */
export function NewsCard({ item, headingLevel = 'h3' }: { item: NewsSummary; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <div className="relative aspect-[16/9] bg-brand-50">
        {item.image ? (
          <StaticImage src={item.image} alt="" fill className="object-cover" />
        ) : null}
        {item.pinned ? (
          <span className="absolute left-3 top-3 rounded bg-gold-400 px-2 py-0.5 text-xs font-medium text-stone-900">置顶</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <Heading className="line-clamp-2 font-semibold leading-snug text-stone-900">
          <Link href={newsDetailHref(item.type, item.id)} className="after:absolute after:inset-0 hover:text-brand-700 group-hover:text-brand-700">
            {item.title}
          </Link>
        </Heading>
        {item.summary ? <p className="mt-2 line-clamp-2 text-sm text-stone-600">{item.summary}</p> : null}
        <p className="mt-auto pt-3 text-xs text-stone-600">
          <time dateTime={formatDate(item.publishedAt)}>{formatDate(item.publishedAt)}</time>
          {item.source ? <span className="ml-3">{item.source}</span> : null}
        </p>
      </div>
    </article>
  );
}

/** News items as rows with the date, for notices and compact lists. */
export function NewsRows({
  items,
  headingLevel = 'h3',
  highlight,
}: {
  items: NewsSummary[];
  headingLevel?: 'h2' | 'h3';
  /** A search's keyword, marked in the titles. */
  highlight?: string;
}) {
  const Heading = headingLevel;
  return (
    <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {items.map((item) => (
        <li key={item.id} className="flex items-start gap-5 px-5 py-4">
          <time
            dateTime={formatDate(item.publishedAt)}
            className="flex w-16 shrink-0 flex-col items-center rounded-lg bg-brand-50 py-1.5 text-brand-800"
          >
            <span className="text-xl font-bold">{formatDate(item.publishedAt).slice(8, 10)}</span>
            <span className="text-xs">{formatDate(item.publishedAt).slice(0, 7)}</span>
          </time>
          <div className="min-w-0">
            <Heading className="font-medium text-stone-900">
              <Link href={newsDetailHref(item.type, item.id)} className="hover:text-brand-700 hover:underline">
                <Highlight text={item.title} keyword={highlight} />
              </Link>
            </Heading>
            {item.summary ? (
              <p className="mt-1 line-clamp-1 text-sm text-stone-600">
                <Highlight text={item.summary} keyword={highlight} />
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A milestone of 圣爱成长: the year, a small cover, the title and summary. */
export function TimelineItem({ item }: { item: NewsSummary }) {
  return (
    <article className="group relative flex gap-5 rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:shadow-md">
      <div className="relative h-28 w-48 shrink-0 overflow-hidden rounded-lg bg-brand-50">
        {item.image ? <StaticImage src={item.image} alt="" fill className="object-cover" /> : null}
      </div>
      <div className="min-w-0">
        <p className="text-2xl font-bold text-brand-700">{formatDate(item.publishedAt).slice(0, 4)}</p>
        <h2 className="mt-1 font-semibold text-stone-900">
          <Link href={newsDetailHref(item.type, item.id)} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {item.title}
          </Link>
        </h2>
        {item.summary ? <p className="mt-1 line-clamp-2 text-sm text-stone-600">{item.summary}</p> : null}
      </div>
    </article>
  );
}
