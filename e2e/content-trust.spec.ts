/**
 * Content a patient would trust, as the pages show it (docs/content.md, docs/seo-sharing.md): 万 for points of
 * 10000 or more (SPEC §9), one hotline, a doctor named once in their description, illness pages that tell search
 * engines what the condition is, a sitemap with every page that has a card, the clinic roster with departments,
 * 价格公示 as a page of the site, recruitment links that lead somewhere, no empty province tab, and 拍方抓药
 * described the same way on its page and in the news.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAll, apiList, apiResult, htmlText } from './support/content-api';

const HOTLINE = '400-871-6655';

async function html(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

const metaContent = (page: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(page)?.[1]?.replace(/&amp;/g, '&') ?? '';

const jsonLd = (page: string) => [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

test('points of 10000 or more read in 万 on /memberServices, on a product page and in its description', async ({ request }) => {
  const members = htmlText(await html(request, '/memberServices'));
  expect(members).toContain('年积分满2万');
  expect(members).not.toMatch(/\d{5,}\s*(积分|分)|满\d{5,}/);
  const dear = (await apiAll(request, 'PointsMall/GetPointsMallList', {}, 60)).find((g) => g.Points === 11800)!;
  const page = await html(request, `/productDetails?sn=${dear.GoodsSN}`);
  expect(metaContent(page, 'og:description')).toContain('1.18万积分');
  expect(metaContent(page, 'og:description')).not.toMatch(/11800/);
  expect(htmlText(page)).not.toMatch(/11800\s*(积分|分)/);
});

test('one hotline: the header, the footer and /customerMessage give the same number', async ({ page }) => {
  await page.goto('/customerMessage');
  await expect(page.getByRole('banner')).toContainText(HOTLINE);
  await expect(page.getByRole('contentinfo')).toContainText(HOTLINE);
  await expect(page.getByRole('complementary', { name: '可咨询的分类' })).toContainText(`服务热线：${HOTLINE}`);
  await expect(page.locator('body')).not.toContainText('6511');
});

test("a doctor's pages name the doctor once in their description", async ({ request }) => {
  const [doctor] = await apiList(request, 'TW_User/GetDoctorPageList', { PageSize: 1, IsOnline: 1 });
  for (const path of [`/doctordetail/${doctor!.AppointmentCode}`, `/onliedoctordetail/${doctor!.AppointmentCode}`]) {
    const page = await html(request, path);
    for (const key of ['description', 'og:description']) {
      const text = metaContent(page, key);
      expect(text.split(doctor!.DoctorName).length - 1, `${path} ${key}: ${text}`).toBe(1);
    }
  }
});

test('an illness page carries a MedicalCondition with its treatment, its clinic and its doctors', async ({ request }) => {
  const [illness] = await apiList(request, 'HIS_Specialty/GeHIS_SpecialtyConfiguration', { PageSize: 1 });
  const page = await html(request, `/illnessdetail/${illness!.ID}`);
  const graph = jsonLd(page).find((d) => Array.isArray(d['@graph']))?.['@graph'] as Record<string, unknown>[];
  expect(graph, 'a JSON-LD graph').toBeTruthy();
  const condition = graph.find((n) => n['@type'] === 'MedicalCondition')!;
  expect(condition.name).toBe(illness!.SpecialtyName);
  expect((condition.possibleTreatment as Record<string, unknown>)['@type']).toBe('MedicalTherapy');
  const physicians = graph.filter((n) => n['@type'] === 'Physician');
  expect(physicians.length).toBeGreaterThan(0);
  for (const p of physicians) expect(htmlText(page)).toContain(p.name as string);
});

test('the sitemap lists every product and every studio', async ({ request }) => {
  const xml = await html(request, '/sitemap.xml');
  const goods = await apiAll(request, 'PointsMall/GetPointsMallList', {}, 60);
  for (const g of goods) expect(xml, g.GoodsSN).toContain(`/productDetails?sn=${g.GoodsSN}<`);
  const studios = await apiAll(request, 'TW_User/GetStudioList');
  for (const s of studios) expect(xml, String(s.StudioID)).toContain(`/expertstudiodetails?id=${s.StudioID}<`);
});

test("the clinic roster names each doctor's department", async ({ page, request }) => {
  const staff = await apiAll(request, 'TW_User/GetOrgDoctorList', { HospitalCode: 'SA0101' });
  const departmentOf = new Map(staff.map((d) => [d.DoctorName as string, d.Department as string]));
  await page.goto('/hospitaldetail/SA0101');
  const roster = page.getByRole('table', { name: /医生排班/ });
  const entries = roster.getByRole('listitem');
  await expect(entries.first()).toBeVisible();
  const count = await entries.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < Math.min(count, 12); i++) {
    const entry = entries.nth(i);
    const name = (await entry.getByRole('link').first().textContent())!.trim();
    await expect(entry, name).toContainText(departmentOf.get(name)!);
  }
});

test('价格公示 is a page of the site: fees by title and treatment prices, with the official link beside them', async ({ page, request }) => {
  const home = await html(request, '/');
  expect(home).toMatch(/<a[^>]+href="\/pricePublicity"[^>]*>价格公示<\/a>/);
  await page.goto('/pricePublicity');
  await expect(page.getByRole('heading', { level: 1, name: '价格公示' })).toBeVisible();
  const fees = page.getByRole('table', { name: '挂号费（按医生职称）' });
  await expect(fees.getByRole('row', { name: /主任医师/ }).first()).toContainText('元');
  const prices = (await apiResult(request, 'DD_DataBaseClient/GetPriceList')).DataList as { Name: string }[];
  for (const p of prices.slice(0, 5)) await expect(page.getByRole('rowheader', { name: p.Name, exact: true })).toBeVisible();
  const official = page.getByRole('link', { name: /医疗服务价格官方公示/ });
  await expect(official).toHaveAttribute('target', '_blank');
  await expect(official).toHaveAttribute('href', /^https:\/\//);
});

test('the recruitment links lead to openings, not to an example host', async ({ page }) => {
  await page.goto('/aboutHospital');
  const social = page.getByRole('main').getByRole('link', { name: /社会招聘/ }).first();
  const href = await social.getAttribute('href');
  expect(href).not.toMatch(/\.example\b/);
  await social.click();
  await expect(page).toHaveURL(/jobChannel=social/);
  const rows = page.getByRole('table', { name: '在招职位列表' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('社招');
  await expect(page.getByRole('table', { name: '在招职位列表' })).not.toContainText('校招');
});

test('no province tab says 共有 0 家门诊', async ({ request }) => {
  for (const path of ['/hospitallist', '/doctorlist']) expect(htmlText(await html(request, path))).not.toMatch(/共有\s*0\s*家/);
  const provinces = await apiList(request, 'TW_Org/GetProvincetList');
  for (const p of provinces) expect(p.HospitalCount, p.ProvinceName).toBeGreaterThan(0);
});

test('拍方抓药: the page and the news say where to upload a prescription alike', async ({ request }) => {
  const batters = htmlText(await html(request, '/batters'));
  expect(batters).toContain('微信服务号或圣爱健康App');
  const [item] = await apiList(request, 'News/GetNewList', { keyword: '拍方抓药', PageSize: 1 });
  const article = htmlText(await html(request, `/newtdetail/${item!.ID}`));
  expect(article).toContain('微信服务号或圣爱健康App');
  expect(article).not.toMatch(/官网[^。；]{0,20}上传/);
});

test('a video page shows the length of the clip it plays', async ({ page, request }) => {
  const [video] = await apiList(request, 'News/GetNewList', { type: 4, keyword: '八段锦', PageSize: 1 });
  expect(video!.Duration).toBeGreaterThanOrEqual(600);
  await page.goto(`/videoDetail?id=${video!.ID}`);
  const minutes = `${Math.floor(video!.Duration / 60)}:${String(video!.Duration % 60).padStart(2, '0')}`;
  await expect(page.getByRole('article')).toContainText(`时长：${minutes}`);
  const player = page.locator('video');
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(Math.round(await player.evaluate((v: HTMLVideoElement) => v.duration))).toBe(video!.Duration);
  const ld = jsonLd(await page.content()).find((d) => d['@type'] === 'VideoObject');
  expect(ld.duration).toBe(`PT${Math.floor(video!.Duration / 60)}M`);
});
