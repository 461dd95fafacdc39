import Database from '../lib/backend/sqlite';
import { expect, test } from '@playwright/test';
import { dbPath } from './support/members-session';
import { apiList, htmlText } from './support/content-api';

// docs/site-search.md: search a doctor's name → result → doctor; results server-rendered and paged; the word recorded.
test("search a doctor's name → the result → the doctor's page", async ({ page }) => {
  const [doctor] = await apiList(page.request, 'TW_User/GetDoctorPageList', { PageSize: 1, Sort: 'praise' });
  const name = doctor!.DoctorName as string;
  await page.goto('/searchList');
  await page.getByRole('searchbox', { name: '搜索医生、门诊、新闻' }).fill(name);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(/keyword=/);
  const doctors = page.getByRole('region', { name: /医生/ });
  await doctors.getByRole('link', { name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/doctordetail/${doctor!.AppointmentCode}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test('results are in the first HTML and paged through the URL', async ({ request }) => {
  const response = await request.get('/searchList?keyword=%E5%A4%B1%E7%9C%A0&type=news');
  expect(response.status()).toBe(200);
  const text = htmlText(await response.text());
  const [hit] = await apiList(request, 'News/GetNewList', { keyword: '失眠', PageSize: 1 });
  // The matched words are marked (<mark>), which htmlText separates with spaces: compare without them.
  expect(text.replace(/\s+/g, '')).toContain((hit!.Title as string).replace(/\s+/g, ''));
  const doctors = await request.get('/searchList?keyword=%E8%84%BE%E8%83%83&type=doctor&page=2');
  expect([200, 404]).toContain(doctors.status());
  expect((await request.get('/searchList?keyword=%E5%A4%B1%E7%9C%A0&type=news&page=999')).status()).toBe(404);
});

test('a search records its word, once per visitor; hot words are links to their search', async ({ page, request }) => {
  const word = `膝盖酸痛${Date.now() % 1000}`;
  for (let i = 0; i < 3; i++) {
    const r = await request.get(`/searchList?keyword=${encodeURIComponent(word)}`);
    expect(r.status()).toBe(200);
  }
  // Recorded after the answer (InsertHotWords); a word's hits count distinct visitors a day, so one visitor's three
  // searches are one hit and do not list the word: it takes three visitors (docs/security.md, hot words).
  const hits = () => {
    const db = new Database(dbPath(), { readonly: true, fileMustExist: true });
    try {
      return (db.prepare('SELECT Hits FROM hot_words WHERE Word = ?').get(word) as { Hits: number } | undefined)?.Hits;
    } finally {
      db.close();
    }
  };
  await expect.poll(hits).toBe(1);
  expect((await apiList(request, 'TW_HotWords/GetHotWordsList', { PageSize: 50 })).some((w) => w.Word === word)).toBe(false);
  await page.goto('/searchList');
  const hot = page.getByRole('link', { name: '失眠', exact: true }).first();
  await hot.click();
  await expect(page).toHaveURL(/keyword=%E5%A4%B1%E7%9C%A0/);
});

test('malformed searches are a 404 or a clear message, never a 500', async ({ request }) => {
  const long = await request.get(`/searchList?keyword=${'x'.repeat(300)}`);
  expect(long.status()).toBe(200);
  expect(await long.text()).toContain('搜索词无效');
  expect((await request.get('/searchList?keyword=a&keyword=b')).status()).toBe(404);
  expect((await request.get('/searchList?keyword=a&type=%3Cscript%3E')).status()).toBe(404);
  const script = await request.get('/searchList?keyword=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  expect(script.status()).toBeLessThan(500);
  expect(await script.text()).not.toContain('<script>alert(1)</script>');
});
