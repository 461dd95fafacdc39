import { Link } from '@/components/ui/link';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Pagination } from '@/components/ui/pagination';
import type { Job, JobCategory } from '@/lib/api/jobs';
import type { Page } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { externalLinks } from '@/lib/site-config';

/**
 * 加入我们 (SPEC §2 Join us): the two external recruitment links, social and
 * campus, and the openings (GetTW_SpiderJobs) filtered by category in the URL.
 */
export function JoinUs({
  categories,
  jobs,
  categoryId,
  hrefFor,
}: {
  categories: JobCategory[];
  jobs: Page<Job>;
  categoryId: number | undefined;
  hrefFor: (q: { jobType?: number; jobPage?: number }) => string;
}) {
  return (
    <section id="join-us" aria-labelledby="join-us-title" className="mt-12 scroll-mt-6">
      <h2 id="join-us-title" className="text-xl font-bold text-stone-900">加入我们</h2>
      <p className="mt-2 text-stone-700">圣爱中医诚邀热爱中医药事业的你加入，与我们一起让百姓就近看好中医。</p>
      <div className="mt-5 grid grid-cols-2 gap-4">
        <a
          href={externalLinks.recruitSocial}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-xl border border-brand-200 bg-brand-50 p-5 hover:border-brand-600"
        >
          <span className="text-lg font-semibold text-brand-800">社会招聘 ↗</span>
          <span className="mt-1 block text-sm text-stone-700">医师、药师、护理、运营与技术岗位（外部招聘网站）</span>
        </a>
        <a
          href={externalLinks.recruitCampus}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-xl border border-jade-600/30 bg-jade-50 p-5 hover:border-jade-600"
        >
          <span className="text-lg font-semibold text-jade-700">校园招聘 ↗</span>
          <span className="mt-1 block text-sm text-stone-700">2027届管培生与住院医师招聘（外部招聘网站）</span>
        </a>
      </div>
      <h3 className="mt-8 text-lg font-semibold text-stone-900">在招职位</h3>
      <div className="mt-3">
        <FilterTabs
          label="职位类别"
          options={[{ value: '', label: '全部' }, ...categories.map((c) => ({ value: String(c.id), label: `${c.name}（${c.jobCount}）` }))]}
          current={categoryId ? String(categoryId) : ''}
          hrefFor={(v) => hrefFor({ jobType: v ? Number(v) : undefined })}
        />
      </div>
      <table className="mt-4 w-full overflow-hidden rounded-xl border border-stone-200 bg-white text-left text-sm">
        <caption className="sr-only">在招职位列表</caption>
        <thead className="bg-stone-100 text-stone-700">
          <tr>
            <th scope="col" className="px-4 py-3">职位</th>
            <th scope="col" className="px-4 py-3">招聘单位</th>
            <th scope="col" className="px-4 py-3">城市</th>
            <th scope="col" className="px-4 py-3">薪资</th>
            <th scope="col" className="px-4 py-3">要求</th>
            <th scope="col" className="px-4 py-3">发布日期</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {jobs.items.map((j) => (
            <tr key={j.id}>
              <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                {j.title}
                <span className={`ml-2 rounded px-1.5 py-0.5 text-xs ${j.channel === 'campus' ? 'bg-jade-50 text-jade-700' : 'bg-brand-50 text-brand-700'}`}>
                  {j.channel === 'campus' ? '校招' : '社招'}
                </span>
              </th>
              <td className="px-4 py-3 text-stone-700">{j.employer}</td>
              <td className="px-4 py-3 text-stone-700">{j.city}</td>
              <td className="px-4 py-3 font-medium text-brand-700">{j.salary}</td>
              <td className="px-4 py-3 text-stone-700">
                {j.education} · {j.experience} · {j.headcount}人
              </td>
              <td className="px-4 py-3 text-stone-600">{formatDate(j.publishedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={jobs.page} pageSize={jobs.pageSize} total={jobs.total} hrefFor={(p) => hrefFor({ jobType: categoryId, jobPage: p })} />
      <p className="mt-4 text-sm text-stone-600">
        投递简历请前往<Link href={externalLinks.recruitSocial} className="text-brand-700 underline">社会招聘</Link>或
        <Link href={externalLinks.recruitCampus} className="text-brand-700 underline">校园招聘</Link>网站。
      </p>
    </section>
  );
}
