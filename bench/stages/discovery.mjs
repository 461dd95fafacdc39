/**
 * Discovery (docs/bench.md): one URL of each detail template found by following the site's own
 * links (the sitemap and list pages; no hard-coded ids), and the demo member's cookies for /userIndex.
 * The typed route builders and link discovery are the e2e audits' own (lib/routes.ts, e2e/support/discover.ts).
 */
import { tsImport } from 'tsx/esm/api';
import { LOGGED_IN_TEMPLATE } from '../goals.mjs';

export const { routes } = await tsImport('../../lib/routes.ts', import.meta.url);
const { dynamicTemplates, matches, internalLinks, DEMO_MEMBER } = await tsImport('../../e2e/support/discover.ts', import.meta.url);

/** The first URL of each detail template, by its discover.ts name, within 60 pages visited. */
export async function discover(origin) {
  const want = new Set(['医生详情 doctorDetail', '门诊详情 hospitalDetail', '疾病详情 illnessDetail', '新闻详情 newsDetail', '商品详情 productDetails']);
  const found = {};
  const queue = ['/sitemap.xml', routes.doctorList(), routes.hospitalList(), routes.illnessList(), routes.news(), routes.onlineMall(), routes.pointsExchange(), routes.expertStudio(), routes.home()];
  const seen = new Set(queue);
  for (let visited = 0; queue.length > 0 && visited < 60; visited++) {
    if ([...want].every((n) => found[n])) break;
    const url = queue.shift();
    let html = '';
    try {
      const res = await fetch(origin + url, { signal: AbortSignal.timeout(15_000), redirect: 'manual' });
      if (res.status !== 200) continue;
      html = await res.text();
    } catch {
      continue;
    }
    for (const href of internalLinks(html)) {
      for (const t of dynamicTemplates) {
        if (want.has(t.name) && !found[t.name] && matches(t, href)) found[t.name] = href;
        if (matches(t, href) && !seen.has(href) && seen.size < 500) {
          seen.add(href);
          queue.push(href);
        }
      }
    }
  }
  return found;
}

/** The demo member's cookies after a password login, or null when it cannot log in. */
export async function memberCookie(origin) {
  try {
    const res = await fetch(`${origin}/api/AuthenticationCenter/PcPwdLogin?IsWeb=1`, {
      method: 'POST',
      body: new URLSearchParams({ Phone: DEMO_MEMBER.phone, Password: DEMO_MEMBER.password }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await res.json();
    if (body?.ErrorNo !== 1 || !body.Result?.access_token) return null;
    return `Token=${body.Result.access_token}; refreshToken=${body.Result.refresh_token ?? ''}`;
  } catch {
    return null;
  }
}

/** The templates of docs/bench.md, in its order; a URL is null when discovery found none (or no login). */
export function templateList(found, cookie) {
  const t = [
    ['home', routes.home()],
    ['doctor list', routes.doctorList()],
    ['doctor detail', found['医生详情 doctorDetail']],
    ['clinic list', routes.hospitalList()],
    ['clinic detail', found['门诊详情 hospitalDetail']],
    ['online questions', routes.onlineQuestions()],
    ['illness detail', found['疾病详情 illnessDetail']],
    ['news list', routes.news()],
    ['news detail', found['新闻详情 newsDetail']],
    ['charity', routes.foundation()],
    ['search results', routes.search('中医')],
    ['help centre', routes.registrationQuestion()],
    ['points mall', routes.onlineMall()],
    ['product detail', found['商品详情 productDetails']],
    [LOGGED_IN_TEMPLATE, cookie ? routes.userIndex() : null],
  ];
  return t.map(([name, url]) => ({ name, url: url ?? null, cookie: name === LOGGED_IN_TEMPLATE ? cookie : null }));
}
