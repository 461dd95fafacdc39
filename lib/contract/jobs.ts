/**
 * Job openings (docs/api.md "Content API"): one opening as the wire carries it.
 */

/** Which hiring an opening is for: 社会招聘 or 校园招聘. */
export type JobChannel = 'social' | 'campus';

export interface WireJob {
  ID: number;
  TypeName: string;
  CompanyName: string;
  Title: string;
  City: string;
  Salary: string;
  Education: string;
  Experience: string;
  Headcount: number;
  Description: string;
  Channel: JobChannel;
  PublishTime: string;
}

/** News/GetTW_SpiderJobsTypeName: a job category and its number of openings. */
export interface WireJobType {
  ID: number;
  Name: string;
  JobCount: number;
}

/** News/GetTW_SpiderJobsTypeConmpany: an employer of the group and its number of openings. */
export interface WireJobCompany {
  ID: number;
  Name: string;
  City: string;
  JobCount: number;
}
