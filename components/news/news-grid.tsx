import type { NewsSummary } from '@/lib/api/news';
import { NewsCard, NewsRows, TimelineItem } from './news-card';
import { VideoCard } from './video-card';

export type NewsLayout = 'cards' | 'rows' | 'timeline' | 'videos';

/** A list of news items in the layout that suits the section. */
export function NewsGrid({ items, layout }: { items: NewsSummary[]; layout: NewsLayout }) {
  if (layout === 'rows') return <NewsRows items={items} headingLevel="h2" />;
  if (layout === 'timeline') {
    return (
      <ol className="relative ml-4 border-l-2 border-brand-200">
        {items.map((item) => (
          <li key={item.id} className="relative mb-6 pl-8">
            <span className="absolute -left-[9px] top-6 h-4 w-4 rounded-full border-2 border-white bg-brand-700" aria-hidden="true" />
            <TimelineItem item={item} />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ul className="grid grid-cols-3 gap-6">
      {items.map((item) => (
        <li key={item.id} className="flex">
          {layout === 'videos' ? <VideoCard item={item} /> : <NewsCard item={item} headingLevel="h2" />}
        </li>
      ))}
    </ul>
  );
}
