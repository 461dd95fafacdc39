import { Link } from '@/components/ui/link';
import type { Understanding } from '@/lib/lay-terms';
import { routes } from '@/lib/routes';

/**
 * How the search read the keyword (docs/site-search.md "A phrase"): the medical words it searched, the department
 * pages it leads to (挂什么科), and the department the group does not have with the nearest that helps.
 */
export function SearchReading({ keyword, read }: { keyword: string; read: Understanding }) {
  const searched = read.terms.filter((t) => t !== keyword);
  const how = { pinyin: '按拼音', typo: '按可能的错别字', phrase: '从描述中找到', 'body-part': '按所说的部位', dictionary: '已同时', plain: '已同时' }[read.readAs];
  return (
    <div className="mt-4 space-y-2 text-sm text-stone-700">
      {searched.length ? (
        <p data-testid="lay-term-note">
          “{keyword}”{how}按医学用语查找：<span className="font-medium text-brand-800">{searched.join('、')}</span>
        </p>
      ) : null}
      {read.departments.length ? (
        <section aria-labelledby="triage-heading" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3" data-testid="triage">
          <h2 id="triage-heading" className="font-medium text-stone-900">
            挂什么科
          </h2>
          {read.missing.length ? (
            <p className="mt-1" data-testid="triage-missing">
              通常看{read.missing.join('、')}；圣爱中医暂未开设{read.missing.length > 1 ? '这些科室' : '该科室'}，可先看以下科室：
            </p>
          ) : (
            <p className="mt-1">按您的描述，建议就诊：</p>
          )}
          <ul className="mt-2 flex flex-wrap gap-2">
            {read.departments.map((d) => (
              <li key={d}>
                <Link
                  href={routes.department(d)}
                  className="inline-block rounded-full border border-brand-600 bg-white px-3 py-1 font-medium text-brand-800 hover:bg-brand-100"
                >
                  {d}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** 您是不是要找: the nearest words of the search's index, each a search of its own, on an empty or thin result. */
export function DidYouMean({ words }: { words: string[] }) {
  if (!words.length) return null;
  return (
    <nav aria-labelledby="did-you-mean" className="mt-4 text-sm" data-testid="did-you-mean">
      <h2 id="did-you-mean" className="inline font-medium text-stone-900">
        您是不是要找：
      </h2>
      <ul className="inline">
        {words.map((w, i) => (
          <li key={w} className="inline">
            {i > 0 ? '、' : null}
            <Link href={routes.search(w)} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {w}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
