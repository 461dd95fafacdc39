import { Link } from '@/components/ui/link';
import type { Notice } from '@/lib/api/news';
import { formatDate } from '@/lib/format';
import { routes } from '@/lib/routes';

/** The notices under the carousel (GetTW_Notice); a notice with an article links to it. */
export function NoticeBar({ notices }: { notices: Notice[] }) {
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="home-notices" className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-start gap-6 px-4 py-4">
        <h2 id="home-notices" className="shrink-0 rounded bg-brand-700 px-3 py-1 text-sm font-semibold text-white">
          通知公告
        </h2>
        <ul className="grid flex-1 grid-cols-2 gap-x-8 gap-y-1.5 text-sm">
          {notices.map((n) => (
            <li key={n.id} className="flex min-w-0 items-center justify-between gap-3">
              {n.newsId ? (
                <Link href={routes.newsDetail(n.newsId)} className="truncate text-stone-800 hover:text-brand-700 hover:underline">
                  {n.title}
                </Link>
              ) : (
                <span className="truncate text-stone-800">{n.title}</span>
              )}
              <time dateTime={formatDate(n.publishedAt)} className="shrink-0 text-stone-600">
                {formatDate(n.publishedAt)}
              </time>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
