import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { Pagination } from '@/components/ui/pagination';
import type { Job, JobCategory, JobChannel } from '@/lib/api/jobs';
import type { Page } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { recruitLink } from '@/lib/routes';
import { siteConfig } from '@/lib/site-config';

/** 社会招聘 / 校园招聘: the recruitment site when one is configured (opens apart), else the site's own openings of the channel. */
function ChannelLink({ channel, className, children }: { channel: JobChannel; className: string; children: ReactNode }) {
  const link = recruitLink(channel);
  return link.external ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  ) : (
    <Link href={link.href} className={className}>
      {children}
    </Link>
  );
}

/**
 * 加入我们 (SPEC §2 Join us): the two recruitment links, social and campus (lib/routes.ts recruitLink), and the
 * openings (GetTW_SpiderJobs) filtered by category and channel in the URL.
 */
export function JoinUs({
  categories,
  jobs,
  categoryId,
  channel,
  hrefFor,
}: {
  categories: JobCategory[];
  jobs: Page<Job>;
  categoryId: number | undefined;
  channel?: JobChannel;
  hrefFor: (q: { jobType?: number; jobPage?: number; jobChannel?: JobChannel }) => string;
}) {
  const external = recruitLink('social').external;
  return (
    <section id="join-us" aria-labelledby="join-us-title" className="mt-12 scroll-mt-6">
      <h2 id="join-us-title" className="text-xl font-bold text-stone-900">加入我们</h2>
      <p className="mt-2 text-stone-700">圣爱中医诚邀热爱中医药事业的你加入，与我们一起让百姓就近看好中医。</p>
      <div className="mt-5 grid grid-cols-2 gap-4">
        <ChannelLink channel="social" className="rounded-xl border border-brand-200 bg-brand-50 p-5 hover:border-brand-600">
          <span className="text-lg font-semibold text-brand-800">社会招聘{external ? ' ↗' : ''}</span>
          <span className="mt-1 block text-sm text-stone-700">医师、药师、护理、运营与技术岗位{external ? '（外部招聘网站）' : ''}</span>
        </ChannelLink>
        <ChannelLink channel="campus" className="rounded-xl border border-jade-600/30 bg-jade-50 p-5 hover:border-jade-600">
          <span className="text-lg font-semibold text-jade-700">校园招聘{recruitLink('campus').external ? ' ↗' : ''}</span>
          <span className="mt-1 block text-sm text-stone-700">应届毕业生与住院医师规范化培训招聘{recruitLink('campus').external ? '（外部招聘网站）' : ''}</span>
        </ChannelLink>
      </div>
      <h3 className="mt-8 text-lg font-semibold text-stone-900">在招职位</h3>
      <div className="mt-3 space-y-3">
        <FilterTabs
          label="职位类别"
          options={[{ value: '', label: '全部' }, ...categories.map((c) => ({ value: String(c.id), label: `${c.name}（${c.jobCount}）` }))]}
          current={categoryId ? String(categoryId) : ''}
          hrefFor={(v) => hrefFor({ jobType: v ? Number(v) : undefined, jobChannel: channel })}
        />
        <FilterTabs
          label="招聘类型"
          options={[
            { value: '', label: '全部' },
            { value: 'social', label: '社会招聘' },
            { value: 'campus', label: '校园招聘' },
          ]}
          current={channel ?? ''}
          hrefFor={(v) => hrefFor({ jobType: categoryId, jobChannel: v === 'social' || v === 'campus' ? v : undefined })}
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
      <Pagination page={jobs.page} pageSize={jobs.pageSize} total={jobs.total} hrefFor={(p) => hrefFor({ jobType: categoryId, jobPage: p, jobChannel: channel })} />
      {external ? (
        <p className="mt-4 text-sm text-stone-600">
          投递简历请前往
          <ChannelLink channel="social" className="text-brand-700 underline">社会招聘</ChannelLink>或
          <ChannelLink channel="campus" className="text-brand-700 underline">校园招聘</ChannelLink>网站。
        </p>
      ) : (
        <p className="mt-4 text-sm text-stone-600">
          投递简历：请写明应聘的职位，交到招聘单位所在门诊的服务台，或拨打服务热线{siteConfig.contact.hotline}转人力资源部。
        </p>
      )}
    </section>
  );
}
