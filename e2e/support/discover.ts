import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { routes, staticPublicPaths, LOGIN_REQUIRED_PATHS } from '../../lib/routes';

/**
 * Route discovery for the audits (docs/bench.md): every SPEC §2 route, static ones
 * from lib/routes and one real URL per dynamic route, found by following the
 * links of the list pages (and the sitemap, when there is one). No id is
 * hard-coded, so the audits follow the seed data as it changes.
 */

const S = 'QQSENTINELQQ';

/** Each dynamic route of SPEC §2, as its builder writes it with a sentinel id. */
export const dynamicTemplates: { name: string; sample: string }[] = [
  { name: '医生详情 doctorDetail', sample: routes.doctorDetail(S) },
  { name: '门诊详情 hospitalDetail', sample: routes.hospitalDetail(S) },
  { name: '医生问答 doctorQuestions', sample: routes.doctorQuestions(S) },
  { name: '问诊评价 doctorConsultEvaluations', sample: routes.doctorConsultEvaluations(S) },
  { name: '在线医生详情 onlineDoctorDetail', sample: routes.onlineDoctorDetail(S) },
  { name: '问答详情 onlineQuestionDetail', sample: routes.onlineQuestionDetail(S) },
  { name: '医生列表省份 doctorList/{provinceId}', sample: routes.doctorList(S) },
  { name: '门诊列表省份 hospitalList/{provinceId}', sample: routes.hospitalList(S) },
  { name: '名医工作室分类 expertStudio/{classCode}', sample: routes.expertStudio(S) },
  { name: '工作室详情 expertStudioDetail', sample: routes.expertStudioDetail(S) },
  { name: '疾病专科机构 illnessList/{orgCode}', sample: routes.illnessList(S) },
  { name: '疾病详情 illnessDetail', sample: routes.illnessDetail(S) },
  { name: '科室 department', sample: routes.department(S) },
  { name: '工作成果 workResultDetail', sample: routes.workResultDetail(S) },
  { name: '工作动态 workDynamicDetail', sample: routes.workDynamicDetail(S) },
  { name: '专题详情 specialDetail', sample: routes.specialDetail(S) },
  { name: '服务条款详情 serviceRulesDetail', sample: routes.serviceRulesDetail(S) },
  { name: '商品详情 productDetails', sample: routes.productDetails(S) },
  { name: '公益详情 foundationDetail', sample: routes.foundationDetail(S) },
  { name: '科普详情 healthScienceDetail', sample: routes.healthScienceDetail(S) },
  { name: '公告详情 noticeDetail', sample: routes.noticeDetail(S) },
  { name: '新闻详情 newsDetail', sample: routes.newsDetail(S) },
  { name: '文化详情 cultureDetail', sample: routes.cultureDetail(S) },
  { name: '成长详情 growingUpDetail', sample: routes.growingUpDetail(S) },
  { name: '视频详情 videoDetail', sample: routes.videoDetail(S) },
];

export interface Matcher {
  pathname: RegExp;
  /** Query parameters that carry the id (with the sentinel as value). */
  params: string[];
  /** The path segments and query keys an attacker can change. */
  segmentIndexes: number[];
}

/** Turns a sample URL into a matcher: the sentinel becomes "one path segment" or "any query value". */
export function matcherOf(sample: string): Matcher {
  const url = new URL(sample, 'http://x');
  const segments = url.pathname.split('/').slice(1);
  const pattern = segments.map((s) => (s === S ? '[^/?#]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  const params = [...url.searchParams].filter(([, v]) => v === S).map(([k]) => k);
  return {
    pathname: new RegExp(`^/${pattern}${sample.startsWith('/newtdetail') ? '(/[^/?#]+)?' : ''}$`),
    params,
    segmentIndexes: segments.map((s, i) => (s === S ? i : -1)).filter((i) => i >= 0),
  };
}

export function matches(template: { sample: string }, href: string): boolean {
  const m = matcherOf(template.sample);
  let url: URL;
  try {
    url = new URL(href, 'http://x');
  } catch {
    return false;
  }
  if (url.origin !== 'http://x' || !m.pathname.test(url.pathname)) return false;
  return m.params.every((p) => (url.searchParams.get(p) ?? '') !== '');
}

/** Internal hrefs of an HTML page (path + query), in order, without fragments. */
export function internalLinks(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/gi)) {
    const href = (m[1] ?? '').replace(/&amp;/g, '&');
    if (!href.startsWith('/') || href.startsWith('//')) continue;
    out.push(href.replace(/#.*$/, ''));
  }
  for (const m of html.matchAll(/<loc>([^<]+)<\/loc>/gi)) {
    try {
      const u = new URL((m[1] ?? '').replace(/&amp;/g, '&'));
      out.push(u.pathname + u.search);
    } catch {
      /* not a URL */
    }
  }
  return out;
}

export interface Discovery {
  /** template name → one discovered URL, or null when no list links one. */
  found: Record<string, string | null>;
  /** Pages fetched while searching. */
  visited: number;
}

const MAX_FETCHES = 90;
const DEADLINE_MS = 60_000;

function cacheFile(baseURL: string): string {
  return path.join('test-results', `.route-discovery-${new URL(baseURL).port || '80'}.json`);
}

function buildId(): string {
  try {
    return fs.readFileSync(path.join('.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'dev';
  }
}

/**
 * Breadth-first over the site's own links, from the sitemap and the static
 * pages, until every template has a URL (bounded: MAX_FETCHES pages, 60 s).
 * Cached per build in test-results/ so the spec files share one crawl.
 */
export async function discoverRoutes(request: APIRequestContext, baseURL: string): Promise<Discovery> {
  const file = cacheFile(baseURL);
  const id = buildId();
  try {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as Discovery & { buildId: string; at: number };
    if (cached.buildId === id && Date.now() - cached.at < 30 * 60_000) return cached;
  } catch {
    /* no cache yet */
  }
  const found: Record<string, string | null> = Object.fromEntries(dynamicTemplates.map((t) => [t.name, null]));
  // Follow at most a few pages of each template: one doctor page shows what every doctor page links.
  const expanded = new Map<string, number>();
  const PER_TEMPLATE = 3;
  // The online doctors' list first: the pages it links are the only ones that link a doctor's questions and
  // consultation reviews, so they are expanded before the sitemap's hundreds of links use up the budget.
  const queue = [routes.onlineExpert(), '/sitemap.xml', ...staticPublicPaths];
  const seen = new Set(queue);
  const started = Date.now();
  let visited = 0;
  while (queue.length > 0 && visited < MAX_FETCHES && Date.now() - started < DEADLINE_MS) {
    if (dynamicTemplates.every((t) => found[t.name])) break;
    const next = queue.shift()!;
    visited++;
    let html = '';
    try {
      const res = await request.get(next, { timeout: 15_000, maxRedirects: 0 });
      if (res.status() !== 200) continue;
      html = await res.text();
    } catch {
      continue;
    }
    for (const href of internalLinks(html)) {
      for (const t of dynamicTemplates) {
        if (!found[t.name] && matches(t, href)) found[t.name] = href;
      }
      // Follow links into pages that may link further details (a doctor's questions...).
      const pathname = href.split('?')[0] ?? '';
      if (!seen.has(href) && seen.size < 2000 && !pathname.startsWith('/api') && !pathname.startsWith('/redirect')) {
        const template = dynamicTemplates.find((t) => matches(t, href));
        if (template && (expanded.get(template.name) ?? 0) < PER_TEMPLATE) {
          expanded.set(template.name, (expanded.get(template.name) ?? 0) + 1);
          seen.add(href);
          queue.push(href);
        }
      }
    }
  }
  const result = { found, visited };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ ...result, buildId: id, at: Date.now() }));
  } catch {
    /* the cache is an optimisation */
  }
  return result;
}

/** Public routes without parameters (SPEC §2) plus the 404 page. */
export const staticRoutes = [...staticPublicPaths];
export const memberRoutes = [...LOGIN_REQUIRED_PATHS];

/** SPEC §9 demo member of the embedded backend (README "Demo logins"). */
export const DEMO_MEMBER = { phone: '13800000001', password: 'Shengai2026' };

export interface MemberTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Logs the demo member in through the API (AuthenticationCenter/PcPwdLogin)
 * and returns the tokens, or null when the backend has no password login yet.
 */
export async function loginThroughApi(request: APIRequestContext): Promise<MemberTokens | null> {
  const res = await request.post('/api/AuthenticationCenter/PcPwdLogin?IsWeb=1', {
    form: { Phone: DEMO_MEMBER.phone, Password: DEMO_MEMBER.password },
  });
  if (!res.ok()) return null;
  const body = (await res.json().catch(() => null)) as { ErrorNo?: number; Result?: { access_token?: string; refresh_token?: string } } | null;
  if (body?.ErrorNo !== 1 || !body.Result?.access_token) return null;
  return { accessToken: body.Result.access_token, refreshToken: body.Result.refresh_token ?? '' };
}

/** The session cookies of lib/session/cookies.ts (SPEC §3 storage keys `Token`, `refreshToken`). */
export async function addMemberCookies(context: BrowserContext, baseURL: string, tokens: MemberTokens) {
  const url = new URL(baseURL);
  const common = { domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' as const, secure: false };
  await context.addCookies([
    { name: 'Token', value: tokens.accessToken, ...common },
    ...(tokens.refreshToken ? [{ name: 'refreshToken', value: tokens.refreshToken, ...common }] : []),
  ]);
}
