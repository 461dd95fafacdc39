import 'server-only';
/**
 * Join us: job categories, employers and openings (SPEC §7 News
 * GetTW_SpiderJobsTypeName, GetTW_SpiderJobsTypeConmpany, GetTW_SpiderJobs).
 */
import { CACHE_TAGS, REVALIDATE, cachedRead } from './cache';
import { reshapePage } from './news';
import { publicRead } from './public';
import type { Page } from './types';
import type { JobChannel } from '@/lib/contract';

export type { JobChannel } from '@/lib/contract';

export interface JobCategory {
  id: number;
  name: string;
  jobCount: number;
}

export interface JobEmployer {
  id: number;
  name: string;
  city: string;
  jobCount: number;
}

export interface Job {
  id: number;
  title: string;
  category: string;
  employer: string;
  city: string;
  salary: string;
  education: string;
  experience: string;
  headcount: number;
  description: string;
  channel: JobChannel;
  publishedAt: string;
}

const options = { tags: [CACHE_TAGS.jobs], revalidate: REVALIDATE.content };

export function getJobCategories(): Promise<JobCategory[]> {
  return cachedRead(
    ['job-categories'],
    async () =>
      (
        await publicRead('News/GetTW_SpiderJobsTypeName')
      ).DataList.map((w) => ({ id: w.ID, name: w.Name, jobCount: w.JobCount })),
    options,
  );
}

export function getJobPage(
  q: { categoryId?: number; employerId?: number; channel?: JobChannel; page?: number; pageSize?: number } = {},
): Promise<Page<Job>> {
  const fields = {
    TypeID: q.categoryId,
    CompanyID: q.employerId,
    Channel: q.channel,
    PageIndex: q.page ?? 1,
    PageSize: q.pageSize ?? 10,
  };
  return cachedRead(
    ['jobs', JSON.stringify(fields)],
    async () =>
      reshapePage(
        await publicRead(
          'News/GetTW_SpiderJobs',
          fields,
        ),
        (w): Job => ({
          id: w.ID,
          title: w.Title,
          category: w.TypeName,
          employer: w.CompanyName,
          city: w.City,
          salary: w.Salary,
          education: w.Education,
          experience: w.Experience,
          headcount: w.Headcount,
          description: w.Description,
          channel: w.Channel,
          publishedAt: w.PublishTime,
        }),
      ),
    options,
  );
}
