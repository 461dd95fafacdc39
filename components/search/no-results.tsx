import { Link } from '@/components/ui/link';
import { getDoctorFilterCounts } from '@/lib/api/doctor-filters';
import { DEFAULT_PROVINCE } from '@/lib/constants';
import { routes } from '@/lib/routes';

/**
 * When nothing matches (docs/site-search.md): say so, suggest other words, and offer the hot words and
 * the departments (科室) of the doctor finder, so the visitor has somewhere to go.
 */
export async function NoResults({ keyword, hotWords }: { keyword: string; hotWords: string[] }) {
  const counts = await getDoctorFilterCounts({ provinceId: DEFAULT_PROVINCE.id });
  const departments = counts?.departments.filter((d) => d.count > 0) ?? [];
  const chip = 'rounded-full border border-stone-300 bg-white px-3 py-1 text-sm text-stone-700 hover:border-brand-600 hover:text-brand-700';
  return (
    <section aria-labelledby="no-results" className="mt-8 space-y-6 rounded-xl border border-stone-200 bg-white p-6" data-testid="no-results">
      <div>
        <h2 id="no-results" className="text-lg font-semibold text-stone-900">
          没有找到与“{keyword}”相关的内容
        </h2>
        <p className="mt-2 text-sm text-stone-600">请检查错别字，换一个更短或更常用的词，例如病症名称（失眠、颈椎病）、科室或医生姓名。</p>
      </div>
      {hotWords.length ? (
        <div>
          <h3 className="mb-2 text-sm font-medium text-stone-700">大家都在搜</h3>
          <ul className="flex flex-wrap gap-2">
            {hotWords.map((w) => (
              <li key={w}>
                <Link href={routes.search(w)} className={chip}>
                  {w}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {departments.length ? (
        <div>
          <h3 className="mb-2 text-sm font-medium text-stone-700">按科室找医生</h3>
          <ul className="flex flex-wrap gap-2">
            {departments.map((d) => (
              <li key={d.value}>
                <Link href={routes.doctorList(DEFAULT_PROVINCE.id, { dept: d.value })} className={chip}>
                  {d.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
