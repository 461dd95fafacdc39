import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiList, firstNews, htmlText } from './support/content-api';

/**
 * SPEC §2: every content route answers 200 and its first HTML, fetched
 * without JavaScript, holds the page's main content; unknown ids are 404;
 * malformed input is never a 500.
 */
const LISTS: [path: string, heading: string, type?: number][] = [
  ['/trendsInfor', '圣爱动态', 1],
  ['/culturelist', '企业文化', 2],
  ['/saGrowingup', '圣爱成长', 3],
  ['/savideo', '圣爱视频', 4],
  ['/saGlory', '圣爱荣誉', 5],
  ['/foundcutr0068', '公益活动', 6],
  ['/foundcutr0145', '健康科普', 7],
  ['/foundcutr0069', '通知公告', 8],
  ['/foundationlist', '公益项目', 9],
];

const DETAILS: [route: (id: number) => string, type: number][] = [
  [(id) => `/newtdetail/${id}`, 1],
  [(id) => `/newtdetail/${id}/5`, 5],
  [(id) => `/cultureDetail?id=${id}`, 2],
  [(id) => `/Growingupdetail?id=${id}`, 3],
  [(id) => `/videoDetail?id=${id}`, 4],
  [(id) => `/foundationdetail?id=${id}`, 6],
  [(id) => `/foundationdetail?id=${id}`, 9],
  [(id) => `/healthSciencedetail?id=${id}`, 7],
  [(id) => `/noticedetail?id=${id}`, 8],
];

async function firstHtml(request: import('@playwright/test').APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return { html, text: htmlText(html) };
}

test('news lists: 200, their heading and their first items in the first HTML', async ({ request }) => {
  for (const [path, heading, type] of LISTS) {
    const { html, text } = await firstHtml(request, path);
    expect(html, path).toContain(`>${heading}</h1>`);
    const items = await apiList(request, 'News/GetNewList', { type: type!, PageSize: 3 });
    for (const item of items) expect(text, `${path}: ${item.Title}`).toContain(item.Title);
  }
});

test('圣爱动态 filters by province and year in the URL', async ({ request }) => {
  const guizhou = await apiList(request, 'News/GetNewList', { type: 1, ProciceID: 216, PageSize: 100 });
  const own = guizhou.find((n) => n.ProvinceID === 216)!;
  const yunnanOnly = (await apiList(request, 'News/GetNewList', { type: 1, PageSize: 100 })).find((n) => n.ProvinceID === 215)!;
  const pages = Math.ceil(guizhou.length / 9);
  let text = '';
  for (let p = 1; p <= pages; p++) text += (await firstHtml(request, `/trendsInfor?province=216${p > 1 ? `&page=${p}` : ''}`)).text;
  expect(text).toContain(own.Title);
  expect(text).not.toContain(yunnanOnly.Title);
  const [year] = await apiList(request, 'News/GetyearList', { type: 1 });
  const inYear = await apiList(request, 'News/GetNewList', { type: 1, Year: year!.Year, PageSize: 1 });
  expect((await firstHtml(request, `/trendsInfor?year=${year!.Year}`)).text).toContain(inYear[0]!.Title);
  expect((await request.get('/trendsInfor?province=999')).status()).toBe(404);
});

test('news details: 200 with the title and the body in the first HTML', async ({ request }) => {
  for (const [route, type] of DETAILS) {
    const item = await firstNews(request, type);
    const path = route(item.ID);
    const { html, text } = await firstHtml(request, path);
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${item.Title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html, path).toContain('class="article-body');
    const detail = await request.post('/api/News/GetNewDetail', { form: { ID: String(item.ID) } });
    const firstParagraph = /<p>([^<]{6,})<\/p>/.exec((await detail.json()).Result.Content)?.[1];
    if (firstParagraph) expect(text, path).toContain(firstParagraph.slice(0, 20));
  }
});

test('about, system, charity and help pages hold their main content', async ({ request }) => {
  const cases: [string, string[]][] = [
    ['/', ['圣爱动态', '名医推荐']],
    ['/aboutHospital', ['集团简介', '2017年1月11日', '加入我们', '社会招聘', '校园招聘', '在招职位']],
    ['/aboutLiu', ['创始人', '刘德安']],
    ['/foundation', ['圣爱公益基金会', '公益活动', '健康科普', '通知公告', '公益项目']],
    ['/foundationcont', ['联系我们', '捐赠账户']],
    ['/registrationQuestion', ['挂号问题', '如何在网上预约挂号？']],
    ['/membershipIssues', ['会员问题', '如何成为圣爱会员？']],
    ['/otherQuestions', ['其他问题', '门诊的营业时间是什么？']],
    ['/searchList', ['站内搜索', '热门搜索']],
    ['/searchList?keyword=%E5%A4%B1%E7%9C%A0', ['失眠', '搜索结果']],
    ['/systemdetail', ['制度建设', '首诊负责制度']],
    ['/systemloglist', ['制度修订日志']],
  ];
  for (const [path, needles] of cases) {
    const { text } = await firstHtml(request, path);
    for (const n of needles) expect(text, `${path}: ${n}`).toContain(n);
  }
  const [job] = await apiList(request, 'News/GetTW_SpiderJobs', { PageSize: 1 });
  expect((await firstHtml(request, '/aboutHospital')).text).toContain(job!.Title);
  const [log] = await apiList(request, 'TW_Class/GetLogList', { PageSize: 1 });
  expect((await firstHtml(request, '/systemloglist')).text).toContain(log!.Title);
  expect((await firstHtml(request, `/systemcontent?log=${log!.ID}`)).text).toContain(log!.Title);
  const [rule] = await apiList(request, 'TW_Class/GetSystemList', { PageSize: 1 });
  expect((await firstHtml(request, `/systemcontent?id=${rule!.ID}`)).text).toContain('第一条');
});

test('unknown ids and items of another type answer 404 with the 404 page', async ({ request }) => {
  const culture = await firstNews(request, 2);
  for (const path of [
    '/newtdetail/987654321',
    `/newtdetail/${culture.ID}/1`,
    `/newtdetail/${culture.ID}/2/3`,
    '/cultureDetail?id=987654321',
    `/videoDetail?id=${culture.ID}`,
    `/noticedetail?id=${culture.ID}`,
    '/foundationdetail?id=987654321',
    '/healthSciencedetail?id=987654321',
    '/Growingupdetail?id=987654321',
    '/systemcontent?id=987654',
    '/systemcontent?log=987654',
    '/systemdetail?classId=987654',
    '/trendsInfor?year=1990',
    '/trendsInfor?page=500',
    '/aboutHospital?jobType=987',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
  }
});

test('malformed input is a 404 or a clear message, never a 500', async ({ request }) => {
  const long = 'x'.repeat(10_000);
  const paths = [
    '/newtdetail/%00',
    '/newtdetail/%3Cscript%3E',
    '/newtdetail/..%2F..%2Fetc%2Fpasswd',
    `/newtdetail/${long}`,
    '/cultureDetail',
    '/cultureDetail?id=1&id=2',
    '/cultureDetail?id=%00',
    `/videoDetail?id=${long}`,
    '/foundationdetail?id=-1',
    '/noticedetail?id=1.5',
    '/healthSciencedetail?id=%3Cscript%3E',
    '/trendsInfor?year=abc',
    '/trendsInfor?page=1&page=2',
    '/systemcontent?id=1&log=1',
    '/systemloglist?page=%00',
    `/searchList?keyword=${long}`,
    '/searchList?type=../',
  ];
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBeLessThan(500);
    expect([200, 404], path).toContain(response.status());
  }
});

test('an article’s image keeps its box before it loads: nothing below it moves (no layout shift)', async ({ page }) => {
  // The site-redesign article (seeded first, ID 1) carries a cover image inside its body.
  const path = '/newtdetail/1';
  // Hold the article's images until the box has been measured.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/images/news/cover-*.svg', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  const image = page.locator('.article-body img').first();
  await image.scrollIntoViewIfNeeded();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the image is still loading').toBe(false);
  const box = await image.boundingBox();
  // The covers are 800×450: the box has their shape already, scaled to the column.
  expect(box!.height, 'height reserved before the image loads').toBeGreaterThan(100);
  expect(box!.width / box!.height).toBeCloseTo(800 / 450, 1);
  release();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await image.boundingBox())!.height).toBeCloseTo(box!.height, 0);
});

// One test per page: axe takes a few seconds a page on the shared CPU.
const AXE_PAGES: [label: string, path: (request: import('@playwright/test').APIRequestContext) => Promise<string>][] = [
  ['home', async () => '/'],
  ['news list', async () => '/trendsInfor'],
  ['article', async (r) => `/newtdetail/${(await firstNews(r, 1)).ID}`],
  ['video', async (r) => `/videoDetail?id=${(await firstNews(r, 4)).ID}`],
  ['timeline', async () => '/saGrowingup'],
  ['charity home', async () => '/foundation'],
  ['charity contact', async () => '/foundationcont'],
  ['help', async () => '/membershipIssues'],
  ['search', async () => '/searchList?keyword=%E5%A4%B1%E7%9C%A0'],
  ['about and jobs', async () => '/aboutHospital'],
  ['founder', async () => '/aboutLiu'],
  ['rules', async () => '/systemdetail'],
];

for (const [label, pathOf] of AXE_PAGES) {
  test(`no WCAG 2 A/AA violations (axe) on the ${label} page: labels, alt, headings, contrast`, async ({ page, request }) => {
    const path = await pathOf(request);
    await page.goto(path);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
  });
}
