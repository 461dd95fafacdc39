/**
 * Search understands a phrase (docs/site-search.md "A phrase"): phrasings the dictionary does not spell find
 * doctors and the department page, a symptom of a department the group lacks says so, an empty result offers
 * 您是不是要找; and a clinic's illness page lists its own doctors first, each labelled with the city
 * (docs/doctor-finder.md "Illness pages").
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiList } from './support/content-api';

const search = (keyword: string) => `/searchList?keyword=${encodeURIComponent(keyword)}`;

test.describe('a phrase not in the dictionary', () => {
  for (const [phrase, treats, department] of [
    ['失眠多梦还总是心烦', '失眠', '中医内科'],
    ['怀不上孩子怎么办', '不孕不育', '中医妇科'],
  ] as const) {
    test(`${phrase} finds doctors who treat ${treats} and leads to ${department}`, async ({ page }) => {
      await page.goto(search(phrase));
      await expect(page.getByTestId('lay-term-note')).toContainText(treats);
      const doctors = page.getByRole('region', { name: /^医生/ });
      const cards = doctors.locator('article');
      await expect(cards.first()).toBeVisible();
      for (const text of await cards.allInnerTexts()) expect(text).toContain(department);
      const triage = page.getByRole('region', { name: '挂什么科' });
      await triage.getByRole('link', { name: department }).click();
      await expect(page).toHaveURL(new RegExp(`/department/${encodeURIComponent(department)}`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(department);
    });
  }

  test('a symptom of a department the group has not says so and names the nearest that helps', async ({ page }) => {
    await page.goto(search('牙疼挂什么科'));
    await expect(page.getByTestId('triage-missing')).toContainText('口腔科');
    await expect(page.getByRole('region', { name: '挂什么科' }).getByRole('link', { name: '中医内科' })).toBeVisible();
  });

  test('pinyin finds the word', async ({ page }) => {
    await page.goto(search('shimian'));
    await expect(page.getByTestId('lay-term-note')).toContainText('失眠');
    await expect(page.getByRole('region', { name: /^医生/ }).locator('article').first()).toContainText('失眠');
  });
});

test('an empty result offers 您是不是要找, each a search of its own', async ({ page }) => {
  await page.goto(search('失民'));
  await expect(page.getByTestId('no-results')).toBeVisible();
  const offer = page.getByRole('navigation', { name: '您是不是要找：' });
  await offer.getByRole('link', { name: '失眠', exact: true }).click();
  await expect(page).toHaveURL(/keyword=%E5%A4%B1%E7%9C%A0$/);
  await expect(page.getByRole('region', { name: /^医生/ }).locator('article').first()).toContainText('失眠');
});

test('失眠 at 圣爱中医馆（成都武侯店） lists the clinic’s own doctors first, each labelled with the city', async ({ page }) => {
  const illnesses = await apiList(page.request, 'HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: '失眠', HospitalCode: 'SA1202', PageSize: 5 });
  const illness = illnesses.find((i) => i.SpecialtyName === '失眠');
  expect(illness, 'the Chengdu clinic offers 失眠').toBeTruthy();
  const own = await apiList(page.request, 'TW_User/GetOrgDoctorList', { HospitalCode: 'SA1202', IllnessID: illness!.ID, PageSize: 20 });
  expect(own.length).toBeGreaterThan(0);
  await page.goto(`/illnessdetail/${illness!.ID}`);
  const items = page.getByTestId('illness-doctors').getByRole('listitem');
  const names = await items.getByRole('heading').getByRole('link').allInnerTexts();
  expect(names.slice(0, own.length).sort()).toEqual(own.map((d) => d.DoctorName).sort());
  const places = await items.getByTestId('doctor-place').allInnerTexts();
  expect(places.slice(0, own.length).every((p) => p === '成都 · 本门诊')).toBe(true);
  // The group's others follow, each with its own city.
  expect(places.length).toBeGreaterThan(own.length);
  for (const p of places.slice(own.length)) expect(p).toMatch(/^\p{Script=Han}+$/u);
});

test('what the search says of a phrase has no WCAG 2.2 AA violations, and its blocks wrap instead of overflowing', async ({ page }) => {
  for (const keyword of ['牙疼挂什么科', '失民']) {
    await page.goto(search(keyword));
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), keyword).toEqual([]);
  }
  // At 200 % zoom text doubles: the 挂什么科 links and 您是不是要找 wrap inside their own box, never past it.
  await page.goto(search('牙疼挂什么科'));
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  for (const id of ['triage', 'did-you-mean']) {
    const block = page.getByTestId(id);
    if ((await block.count()) === 0) continue;
    expect(await block.evaluate((el) => el.scrollWidth <= el.clientWidth), id).toBe(true);
  }
});
