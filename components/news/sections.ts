/**
 * Where each news type lives in the site: its section (for breadcrumbs and
 * the sidebar), its list and its label. Shared by list and detail pages.
 */
import { NEWS_TYPES, NEWS_TYPE_LABELS, isNewsType } from '@/lib/news-types';
import { newsListHref } from '@/lib/news-routes';
import { routes } from '@/lib/routes';
import type { Crumb } from '@/lib/seo';

const CHARITY_TYPES: number[] = [
  NEWS_TYPES.charityActivity,
  NEWS_TYPES.healthScience,
  NEWS_TYPES.charityNotice,
  NEWS_TYPES.charityProject,
];

export function isCharityType(type: number): boolean {
  return CHARITY_TYPES.includes(type);
}

export function sectionOf(type: number): { label: '关于我们' | '圣爱公益'; crumb: Crumb } {
  return isCharityType(type)
    ? { label: '圣爱公益', crumb: { name: '圣爱公益', path: routes.foundation() } }
    : { label: '关于我们', crumb: { name: '关于我们', path: routes.aboutHospital() } };
}

export function typeLabel(type: number): string {
  return isNewsType(type) ? NEWS_TYPE_LABELS[type] : '新闻';
}

/** 首页 › section › list of the type [› the current page]. */
export function typeCrumbs(type: number, current?: Crumb): Crumb[] {
  const crumbs: Crumb[] = [{ name: '首页', path: routes.home() }, sectionOf(type).crumb];
  if (type === NEWS_TYPES.help) crumbs.splice(1, 1, { name: '帮助中心', path: routes.registrationQuestion() });
  else crumbs.push({ name: typeLabel(type), path: newsListHref(type) });
  if (current) crumbs.push(current);
  return crumbs;
}
