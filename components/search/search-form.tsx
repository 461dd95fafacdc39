import { Link } from '@/components/ui/link';
import { routes } from '@/lib/routes';

/**
 * The site search box: a plain GET form to /searchList, so it works without
 * JavaScript and every search is a shareable URL. Hot words (GetHotWordsList)
 * are links to their search.
 */
export function SearchForm({ keyword = '', hotWords = [] }: { keyword?: string; hotWords?: string[] }) {
  return (
    <div>
      <form action={routes.search()} method="get" role="search" className="flex gap-3">
        <label htmlFor="site-search" className="sr-only">
          搜索医生、门诊、新闻
        </label>
        <input
          id="site-search"
          name="keyword"
          type="search"
          defaultValue={keyword}
          maxLength={50}
          required
          placeholder="搜索医生、门诊、疾病或文章，如：失眠、颈椎病"
          className="min-w-0 flex-1 rounded-lg border border-stone-300 px-4 py-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-200"
        />
        <button type="submit" className="rounded-lg bg-brand-700 px-8 py-3 font-medium text-white hover:bg-brand-800">
          搜索
        </button>
      </form>
      {hotWords.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-stone-600">热门搜索：</span>
          <ul className="flex flex-wrap gap-2">
            {hotWords.map((w) => (
              <li key={w}>
                <Link
                  href={routes.search(w)}
                  prefetch={false}
                  className="rounded-full bg-stone-100 px-3 py-1 text-stone-700 hover:bg-brand-50 hover:text-brand-700"
                >
                  {w}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
