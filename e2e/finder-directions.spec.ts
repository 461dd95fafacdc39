/**
 * Finding the right doctor and getting to the clinic (docs/doctor-finder.md, docs/clinic-directions.md,
 * docs/site-search.md): the finder's filters and shared links, 查看更多医生 from a clinic, an illness's
 * doctors, clinics nearest first after 使用我的位置, directions links, the header search combobox,
 * search results with illnesses and Q&A, and bad URL values answered with a 404 or a fallback, never a 500.
 */
import { expect, test } from '@playwright/test';
import { apiList, apiResult } from './support/content-api';

const YUNNAN = 215;

test('filter the finder by 科室 and 职称, then share the link', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000); // four page loads and a second browser context on a shared machine
  await page.goto(`/doctorlist/${YUNNAN}`);
  const department = page.getByTestId('filter-department');
  const option = department.getByRole('link', { name: /^中医内科/ });
  const count = Number((await option.innerText()).match(/\((\d+)\)/)![1]);
  await option.click();
  await expect(page).toHaveURL(/dept=/);
  await expect(page.getByTestId('doctor-total')).toHaveText(String(count));

  const title = page.getByTestId('filter-title').getByRole('link', { name: /^主任医师/ });
  const both = Number((await title.innerText()).match(/\((\d+)\)/)![1]);
  await title.click();
  await expect(page).toHaveURL(/title=/);
  await expect(page.getByTestId('doctor-total')).toHaveText(String(both));
  const cards = page.locator('main article');
  const shown = await cards.count();
  expect(shown).toBeGreaterThan(0);
  for (let i = 0; i < shown; i++) {
    await expect(cards.nth(i).getByTestId('doctor-department')).toHaveText('中医内科');
    await expect(cards.nth(i).getByText('主任医师', { exact: true })).toBeVisible();
  }
  // Each count matches the backend's own filtered list.
  const api = await apiResult(page.request, 'TW_User/GetDoctorPageList', { ProvinceID: YUNNAN, Department: '中医内科', DoctorTitle: '主任医师' });
  expect(api.TotalCount).toBe(both);

  // A shared link shows the same list in a fresh browser.
  const link = page.url();
  const other = await browser.newContext({ baseURL });
  const shared = await other.newPage();
  await shared.goto(link);
  await expect(shared.getByTestId('doctor-total')).toHaveText(String(both));
  await expect(shared.getByTestId('filter-department').getByRole('link', { name: /^中医内科/ })).toHaveAttribute('aria-current', 'true');
  await expect(shared.locator('main article h3 a').first()).toHaveText(await cards.first().locator('h3 a').innerText());
  await other.close();
});

test('查看更多医生 on a clinic page opens the finder filtered to that clinic', async ({ page }) => {
  const [clinic] = await apiList(page.request, 'TW_Org/GetOrgList', { ProvinceID: YUNNAN, PageSize: 1 });
  await page.goto(`/hospitaldetail/${clinic!.HospitalCode}`);
  await page.getByRole('link', { name: '查看更多医生 ›' }).click();
  await expect(page).toHaveURL(new RegExp(`/doctorlist/${YUNNAN}\\?clinic=${clinic!.HospitalCode}`));
  await expect(page.getByRole('combobox', { name: '门诊', exact: true })).toHaveValue(clinic!.HospitalName);
  const cards = page.locator('main article');
  const shown = await cards.count();
  expect(shown).toBeGreaterThan(0);
  for (let i = 0; i < shown; i++) await expect(cards.nth(i)).toContainText(clinic!.HospitalName);
});

test('an illness page lists only the doctors who treat it, in the symptom-list sorts', async ({ page }) => {
  const [illness] = await apiList(page.request, 'HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: '颈椎病', PageSize: 1 });
  await page.goto(`/illnessdetail/${illness!.ID}`);
  const list = page.getByTestId('illness-doctors');
  const cards = await list.locator('article').allInnerTexts();
  expect(cards.length).toBeGreaterThan(0);
  for (const text of cards) expect(text).toMatch(/擅长：.*颈椎病/);
  // SPEC §9 symptom lists: Default, Praise, Services (no Fans).
  const sorts = page.locator('section[aria-labelledby="illness-doctors"]');
  await expect(sorts.getByRole('link', { name: '粉丝' })).toHaveCount(0);
  await sorts.getByRole('link', { name: '好评', exact: true }).click();
  await expect(page).toHaveURL(/sort=praise/);
  // The clinic's own doctors come first (docs/doctor-finder.md "Illness pages"): each part in the sort's order.
  for (const place of ['own', 'other']) {
    const rates = (await list.locator(`li[data-place="${place}"]`).getByText(/^\d+(\.\d+)?%$/).allInnerTexts()).map((t) => parseFloat(t));
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  }
});

test.describe('使用我的位置', () => {
  // 大理: the clinics of 大理 come first, though the group's order starts in 昆明.
  test.use({ geolocation: { latitude: 25.6065, longitude: 100.2676 }, permissions: ['geolocation'] });

  test('orders the clinics nearest first', async ({ page }) => {
    await page.goto(`/hospitallist/${YUNNAN}`);
    await page.getByRole('button', { name: '使用我的位置' }).click();
    await expect(page).toHaveURL(/lat=25\.60\d&lng=100\.26\d/);
    await expect(page.getByTestId('clinic-list')).toHaveAttribute('data-order', 'distance');
    await expect(page.getByText('距离按您的当前位置计算。')).toBeVisible();
    const km = (await page.getByText(/^距您 /).allInnerTexts()).map((t) => {
      const [, n, unit] = t.match(/距您 ([\d.]+)(m|km)/)!;
      return unit === 'm' ? Number(n) / 1000 : Number(n);
    });
    expect(km.length).toBeGreaterThan(1);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    await expect(page.locator('main article h3').first()).toContainText('大理');
    // The group's order is still a choice.
    await page.getByRole('link', { name: '默认', exact: true }).click();
    await expect(page.getByTestId('clinic-list')).toHaveAttribute('data-order', 'default');
  });
});

test('directions links carry the clinic coordinates; no map without a maps key', async ({ page }) => {
  const [row] = await apiList(page.request, 'TW_Org/GetOrgList', { ProvinceID: YUNNAN, PageSize: 1 });
  const clinic = (await apiResult(page.request, 'TW_Org/GetOrgSingle', { HospitalCode: row!.HospitalCode })).ReturnObject;
  await page.goto(`/hospitaldetail/${clinic.HospitalCode}`);
  const directions = page.locator('section[aria-labelledby="directions"]');
  const href = async (app: string) => new URL((await directions.locator(`a[data-app="${app}"]`).getAttribute('href'))!);
  const amap = await href('amap');
  expect(amap.searchParams.get('to')).toBe(`${clinic.Lng},${clinic.Lat},${clinic.HospitalName}`);
  const baidu = await href('baidu');
  expect(baidu.searchParams.get('destination')).toBe(`latlng:${clinic.Lat},${clinic.Lng}|name:${clinic.HospitalName}`);
  expect(baidu.searchParams.get('coord_type')).toBe('gcj02');
  const tencent = await href('tencent');
  expect(tencent.searchParams.get('tocoord')).toBe(`${clinic.Lat},${clinic.Lng}`);
  await expect(directions.getByRole('link', { name: '拨打电话' })).toHaveAttribute('href', /^tel:/);
  await expect(directions.getByRole('button', { name: '复制地址' })).toBeVisible();
  await expect(directions.getByRole('region', { name: /位置地图/ })).toHaveCount(0);
});

test('type in the header search and pick a suggestion with the keyboard', async ({ page }) => {
  await page.goto('/aboutHospital');
  const box = page.getByRole('combobox', { name: '搜索医生、门诊、疾病与文章' });
  await box.click();
  // The list shows the suggestions of an earlier keystroke until those of the whole word arrive (keepPreviousData):
  // the options are read once the answer for 颈椎 is in and drawn.
  const answered = page.waitForResponse((r) => r.url().includes(`/search-suggestions?q=${encodeURIComponent('颈椎')}`));
  await box.pressSequentially('颈椎');
  const { items } = (await (await answered).json()) as { items: unknown[] };
  const listbox = page.getByRole('listbox', { name: '搜索建议' });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = listbox.getByRole('option');
  // The answer's options are drawn (an earlier keystroke's longer list can still be on screen when it arrives).
  await expect(options).toHaveCount(items.length);
  await expect(options.and(page.locator('[data-kind="illness"]')).filter({ hasText: '颈椎' }).first()).toBeVisible();
  const kinds = await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
  const target = kinds.indexOf('illness');
  expect(target).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= target; i++) await box.press('ArrowDown');
  // The input names the highlighted option (aria-activedescendant follows the highlight once React has drawn it).
  await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(target).getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/illnessdetail\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('颈椎');
  // Escape closes the list.
  const again = page.getByRole('combobox', { name: '搜索医生、门诊、疾病与文章' });
  await again.click();
  await again.pressSequentially('失眠');
  await expect(page.getByRole('listbox', { name: '搜索建议' })).toBeVisible();
  await again.press('Escape');
  await expect(again).toHaveAttribute('aria-expanded', 'false');
});

test('results for 失眠 include the illness and the Q&A, with counts and the words marked', async ({ page }) => {
  await page.goto('/searchList?keyword=%E5%A4%B1%E7%9C%A0');
  const illnesses = page.getByRole('region', { name: /疾病/ });
  await expect(illnesses.getByRole('link', { name: '失眠', exact: true }).first()).toBeVisible();
  const questions = page.getByRole('region', { name: /问答/ });
  await expect(questions.getByTestId('question-results').locator('li').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^疾病 \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^问答 \(\d+\)$/ })).toBeVisible();
  await expect(page.locator('main mark', { hasText: '失眠' }).first()).toBeVisible();
  await page.goto('/searchList?keyword=%E6%97%A0%E6%AD%A4%E8%AF%8D%E6%B1%87xyz');
  const none = page.getByTestId('no-results');
  await expect(none).toBeVisible();
  await expect(none.getByRole('link', { name: '失眠', exact: true })).toBeVisible();
  await expect(none.getByRole('link', { name: '中医内科' })).toBeVisible();
});

test('bad filter values fall back or answer 404, never a 500', async ({ request }) => {
  const status = async (path: string) => (await request.get(path)).status();
  // A well-formed value that is not an option, and a date that is no date: the whole list, and a sentence why.
  const unknown = await request.get(`/doctorlist/${YUNNAN}?dept=${encodeURIComponent('不存在的科室')}&clinic=NOPE999`);
  expect(unknown.status()).toBe(200);
  const unknownText = await unknown.text();
  expect(unknownText).toContain('所选科室不在可选的科室中');
  expect(unknownText).toContain('所选门诊不在可选的门诊中');
  const noDate = await request.get('/doctorlist?date=abc');
  expect(noDate.status()).toBe(200);
  expect(await noDate.text()).toContain('所选日期不是有效的日期');
  expect(await status(`/doctorlist/${YUNNAN}?dept=${'科'.repeat(30)}`)).toBe(404);
  expect(await status(`/doctorlist/${YUNNAN}?dept=a&dept=b`)).toBe(404);
  expect(await status(`/doctorlist/${YUNNAN}?title=%3Cscript%3E`)).toBe(404);
  expect(await status(`/doctorlist/${YUNNAN}?clinic=..%2F..%2Fetc`)).toBe(404);
  expect(await status(`/doctorlist/${YUNNAN}?online=yes&sort=nonsense`)).toBe(200);
  expect(await status(`/doctorlist/${YUNNAN}?page=999`)).toBe(404);
  expect(await status('/doctorlist?page=999')).toBe(404);
  expect(await status(`/hospitallist/${YUNNAN}?page=999`)).toBe(404);
  expect(await status(`/hospitallist/${YUNNAN}?type=99`)).toBe(404);
  expect(await status(`/hospitallist/${YUNNAN}?type=1%20OR%201`)).toBe(404);
  expect(await status(`/hospitallist/${YUNNAN}?sort=bogus&lat=999&lng=abc`)).toBe(200);
  expect(await status('/illnessdetail/1?sort=fans')).toBe(200);
  expect(await status(`/search-suggestions?q=${'x'.repeat(80)}`)).toBe(400);
  expect(await status('/search-suggestions?q=a&q=b')).toBe(400);
  const ok = await request.get(`/search-suggestions?q=${encodeURIComponent('失眠')}`);
  expect(ok.status()).toBe(200);
  const body = (await ok.json()) as { items: { kind: string }[] };
  expect(body.items.map((i) => i.kind)).toContain('illness');
});
