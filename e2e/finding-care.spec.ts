/**
 * Finding care (docs/doctor-finder.md, docs/site-search.md "Patients' words"): who is free when (next open
 * number and fee on the cards, the finder by date), the filter panel (a clinic combobox, empty options
 * disabled, the first doctor above the fold at 1366×900), search in patients' words, an illness's doctors,
 * department pages, and the keyboard (a skip link to the schedule, focus after each client navigation).
 */
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { idCardCheckChar } from '../lib/validation';
import { api, registerFreshMember } from './auth-helpers';
import { apiUrl } from './support/api-origin';
import { apiList, apiResult, htmlText } from './support/content-api';

const YUNNAN = 215;
const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

test.describe('who is free when', () => {
  test('list cards carry the next open number and the fee in the first HTML', { tag: '@dated' }, async ({ request }) => {
    const text = htmlText(await (await request.get(`/doctorlist/${YUNNAN}`)).text()).replace(/\s+/g, '');
    expect(text).toMatch(/最近可约：\d+月\d+日周[一二三四五六日](上午|下午|夜诊)·余\d+挂号费¥\d+/);
    const [doctor] = await apiList(request, 'TW_User/GetDoctorPageList', { ProvinceID: YUNNAN, PageSize: 1 });
    expect(text).toContain(`挂号费¥${doctor!.RegisterFee}`);
  });

  test('the 14 days as chips: a day lists only the doctors with an open number that day, as many as its chip says', { tag: '@dated' }, async ({ page }) => {
    test.slow(); // at worst, one near-live revalidation (30 s) before the count and the list agree again
    await page.goto(`/doctorlist/${YUNNAN}`);
    const days = page.getByTestId('filter-date').getByRole('link', { name: /位医生有号$/ });
    expect(await days.count()).toBeGreaterThan(10);
    const chip = days.nth(2);
    const [, date, count] = /^(\d{4}-\d{2}-\d{2}) 周.，(\d+)位医生有号$/.exec((await chip.getAttribute('aria-label'))!)!;
    await chip.click();
    await expect(page).toHaveURL(new RegExp(`date=${date}`));
    const chosen = page.getByTestId('filter-date').getByRole('link', { name: new RegExp(`^${date}`) });
    await expect(chosen).toHaveAttribute('aria-current', 'true');
    // The list's total is the chip's count. Other specs book and fill slots meanwhile (two workers), and counts
    // and lists are each read near-live (30 s): when a doctor's last number of that day went between the two
    // reads, the page is read again until both have seen it, rather than failing on the other spec's booking.
    await expect(async () => {
      const [, shown] = /，(\d+)位医生有号$/.exec((await chosen.getAttribute('aria-label'))!)!;
      const total = (await page.getByTestId('doctor-total').innerText()).trim();
      if (total !== shown) await page.reload();
      expect(total).toBe(shown);
    }).toPass({ timeout: 90_000 });
    const cards = page.getByTestId('next-open');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) expect(text).toContain(monthDay(date!));
    // Fewer than every doctor: the roster is a roster.
    const all = await apiResult(page.request, 'TW_User/GetDoctorPageList', { ProvinceID: YUNNAN, PageSize: 1 });
    expect(Number(count)).toBeLessThan(all.TotalCount);
  });

  test('a day with no doctor of a department is shown, disabled, with (0)', { tag: '@dated' }, async ({ page }) => {
    const departments = (await apiResult(page.request, 'TW_User/GetDoctorFilterCounts', { ProvinceID: YUNNAN })).ReturnObject.Departments as {
      Name: string;
    }[];
    let found: { dept: string; date: string } | null = null;
    for (const { Name } of [...departments].reverse()) {
      const dates = (await apiResult(page.request, 'TW_User/GetDoctorFilterCounts', { ProvinceID: YUNNAN, Department: Name })).ReturnObject
        .Dates as { Date: string; Count: number }[];
      const empty = dates.find((d) => d.Count === 0);
      if (empty) {
        found = { dept: Name, date: empty.Date };
        break;
      }
    }
    expect(found, 'a department-day without a doctor').not.toBeNull();
    await page.goto(`/doctorlist/${YUNNAN}?dept=${encodeURIComponent(found!.dept)}`);
    const strip = page.getByTestId('filter-date');
    await expect(strip.getByRole('link', { name: new RegExp(`^${found!.date}`) })).toHaveCount(0);
    await expect(strip.locator('[aria-disabled="true"]').filter({ hasText: '(0)' }).first()).toBeVisible();
  });

  test('today’s chip: disabled with its words for a screen reader once the day’s last slot has begun, a link while a number is open', { tag: '@dated' }, async ({ page }, testInfo) => {
    const dates = (await apiResult(page.request, 'TW_User/GetDoctorFilterCounts', { ProvinceID: YUNNAN })).ReturnObject.Dates as {
      Date: string;
      Week: string;
      Count: number;
    }[];
    const today = dates[0]!;
    // At a fixed clock (playwright.config.ts) still on its own China date: from 20:45 on, the evening shift (18:30)
    // has begun, so no number of today is open. A clock that has passed midnight meanwhile is on the next day.
    const clock = testInfo.project.metadata.clock as string | undefined;
    if (clock) {
      const china = new Date(Date.parse(clock) + 8 * 60 * 60 * 1000);
      const evening = china.getUTCHours() * 60 + china.getUTCMinutes() >= 18 * 60 + 30;
      if (evening && today.Date === china.toISOString().slice(0, 10)) expect(today.Count, `today at ${clock}`).toBe(0);
    }
    await page.goto(`/doctorlist/${YUNNAN}`);
    const strip = page.getByTestId('filter-date');
    const link = strip.getByRole('link', { name: new RegExp(`^${today.Date}`) });
    if (today.Count === 0) {
      await expect(link).toHaveCount(0);
      const chip = strip.locator('[aria-disabled="true"]').filter({ hasText: '今天' });
      await expect(chip).toHaveCount(1);
      await expect(chip.locator('.sr-only')).toHaveText(`${today.Date} ${today.Week}，0位医生有号`);
    } else {
      await expect(link).toHaveAttribute('aria-label', `${today.Date} ${today.Week}，${today.Count}位医生有号`);
    }
  });

  test('a date outside the 14 days, or no date at all, shows every date and says so', async ({ request, page }) => {
    await page.goto(`/doctorlist/${YUNNAN}?date=2020-01-06`);
    await expect(page.getByRole('status').filter({ hasText: '不在可预约的14天内' })).toBeVisible();
    await expect(page.getByTestId('filter-date').getByRole('link', { name: '不限' })).toHaveAttribute('aria-current', 'true');
    for (const bad of ['2026-02-30', 'tomorrow', '2026-1-5']) {
      const res = await request.get(`/doctorlist/${YUNNAN}?date=${bad}`);
      expect(res.status(), bad).toBe(200);
      expect(await res.text(), bad).toContain('所选日期不是有效的日期');
    }
  });
});

test.describe('the filter panel', () => {
  test('with a department chosen, the first doctor is whole above the fold at 1366×900', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/doctorlist/${YUNNAN}?dept=${encodeURIComponent('中医内科')}`);
    const box = (await page.locator('main article').first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
  });

  test('clinics in a searchable combobox; a clinic with no doctor for the other filters is disabled', async ({ page }) => {
    await page.goto(`/doctorlist/${YUNNAN}?dept=${encodeURIComponent('中医肿瘤科')}`);
    const box = page.getByRole('combobox', { name: '门诊', exact: true });
    // Reached by keyboard, the combobox (its own chunk, loaded on the way) keeps the focus and lists the clinics.
    await box.focus();
    await expect(page.getByRole('option').first()).toBeVisible();
    await expect(box).toBeFocused();
    await expect(page.getByRole('option').filter({ hasText: '无医生' }).first()).toHaveAttribute('aria-disabled', 'true');
    await box.fill('官渡');
    await page.getByRole('option', { name: /昆明官渡店/ }).click();
    await expect(page).toHaveURL(/clinic=SA0105/);
    await expect(page.getByRole('combobox', { name: '门诊', exact: true })).toHaveValue('圣爱国医堂（昆明官渡店）');
    const cards = page.locator('main article');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allInnerTexts()) expect(text).toContain('昆明官渡店');
    // A 科室 this small hall does not have leaves no doctor: shown with (0), not a link.
    const children = page.getByTestId('filter-department').getByText(/^中医儿科/);
    await expect(children).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('filter-department').getByRole('link', { name: /^中医儿科/ })).toHaveCount(0);
  });
});

test.describe('search in patients’ words', () => {
  test('掉头发 finds the doctors and the illness of 脱发, each illness once with its clinics', async ({ page }) => {
    await page.goto(`/searchList?keyword=${encodeURIComponent('掉头发')}`);
    await expect(page.getByTestId('lay-term-note')).toContainText('脱发');
    const doctors = page.getByRole('region', { name: /^医生/ });
    await expect(doctors.locator('article').first()).toContainText('脱发');
    const illnesses = page.getByTestId('illness-results').getByRole('listitem');
    const names = await illnesses.getByRole('heading').getByRole('link').allInnerTexts();
    expect(names).toContain('脱发');
    expect(new Set(names).size).toBe(names.length);
    await expect(illnesses.filter({ hasText: '开设门诊' }).first().getByRole('link').nth(1)).toBeVisible();
  });

  test('小孩发烧 in the finder finds pediatricians; the header suggests the word with its meaning', async ({ page }) => {
    await page.goto(`/doctorlist/${YUNNAN}?q=${encodeURIComponent('小孩发烧')}`);
    expect(Number(await page.getByTestId('doctor-total').innerText())).toBeGreaterThan(0);
    for (const d of await page.getByTestId('doctor-department').allInnerTexts()) expect(d).toBe('中医儿科');
    const box = page.getByRole('combobox', { name: '搜索医生、门诊、疾病与文章' });
    await box.click();
    const answered = page.waitForResponse((r) => r.url().includes(`/search-suggestions?q=${encodeURIComponent('掉头')}`));
    await box.pressSequentially('掉头');
    await answered;
    await expect(page.getByRole('option').and(page.locator('[data-kind="term"]')).filter({ hasText: '掉头发' })).toBeVisible();
  });

  test('an illness page lists only the doctors whose 擅长 names it, as many as the search finds, and links its department', async ({ page }) => {
    const [illness] = await apiList(page.request, 'HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: '失眠', PageSize: 1 });
    await page.goto(`/illnessdetail/${illness!.ID}`);
    const heading = page.getByRole('heading', { name: /^擅长失眠的医生（\d+）$/ });
    const count = Number(/（(\d+)）/.exec(await heading.innerText())![1]);
    for (const text of await page.getByTestId('illness-doctors').locator('article').allInnerTexts()) expect(text).toMatch(/擅长：.*失眠/);
    const search = await page.request.get(`/searchList?keyword=${encodeURIComponent('失眠')}&type=doctor`);
    expect(htmlText(await search.text())).toContain(`医生 (${count})`);
    await page.getByRole('link', { name: '中医内科', exact: true }).first().click();
    await expect(page).toHaveURL(/\/department\//);
    await expect(page.getByRole('heading', { level: 1, name: '中医内科' })).toBeVisible();
  });
});

test.describe('department pages', () => {
  test('a doctor page links its department; the page holds its introduction, illnesses, clinics and MedicalSpecialty data', async ({ page, request }) => {
    await page.goto('/doctordetail/D100001');
    await page.getByRole('link', { name: '中医内科', exact: true }).click();
    await expect(page).toHaveURL(/\/department\/(%E4%B8%AD%E5%8C%BB%E5%86%85%E7%A7%91|中医内科)$/);
    await expect(page.getByRole('heading', { level: 1, name: '中医内科' })).toBeVisible();
    await expect(page.getByTestId('department-illnesses').getByRole('link', { name: /^失眠/ })).toBeVisible();
    await expect(page.getByTestId('department-clinics').getByRole('link', { name: '圣爱中医馆（昆明总院）', exact: true })).toBeVisible();
    const html = await (await request.get(`/department/${encodeURIComponent('中医内科')}`)).text();
    expect(html).toContain('"@type":"MedicalSpecialty"');
    expect(htmlText(html)).toContain('不知道该挂哪个科时');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`/department/${encodeURIComponent('中医妇科')}`);
    expect((await request.get(`/department/${encodeURIComponent('牙科')}`)).status()).toBe(404);
    expect((await request.get('/department/%3Cscript%3E')).status()).toBe(404);
  });

  test('its doctors with the filters: a date chip narrows the list to its count; the finder links back', async ({ page }) => {
    await page.goto(`/department/${encodeURIComponent('中医妇科')}`);
    const chip = page.getByTestId('filter-date').getByRole('link', { name: /位医生有号$/ }).nth(1);
    const count = /，(\d+)位医生有号$/.exec((await chip.getAttribute('aria-label'))!)![1];
    await chip.click();
    await expect(page).toHaveURL(/date=/);
    await expect(page.getByTestId('doctor-total')).toHaveText(count!);
    for (const d of await page.getByTestId('doctor-department').allInnerTexts()) expect(d).toBe('中医妇科');
    await page.goto(`/doctorlist/${YUNNAN}?dept=${encodeURIComponent('中医妇科')}`);
    await page.getByRole('link', { name: '中医妇科科室介绍 ›' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '中医妇科' })).toBeVisible();
  });
});

/**
 * Registration is real-name (SPEC §5): a member books for themself once their ID card is on file, so the
 * booking page opens on its form rather than on the request for an ID card.
 */
async function putIdCardOnFile(request: APIRequestContext, member: { phone: string; password: string; name: string }) {
  const login = await api<{ access_token: string }>(request, 'AuthenticationCenter/PcPwdLogin', { Phone: member.phone, Password: member.password });
  expect(login.ErrorNo, login.ErrorInfo).toBe(1);
  const first17 = `530102198${randomInt(10)}${String(randomInt(1, 13)).padStart(2, '0')}${String(randomInt(1, 29)).padStart(2, '0')}${String(randomInt(1000)).padStart(3, '0')}`;
  const res = await request.post(apiUrl('VIP_Member/UpdateVipinformation'), {
    form: { VipName: member.name, IDCard: first17 + idCardCheckChar(first17) },
    headers: { Authorization: `Bearer ${login.Result.access_token}` },
  });
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string };
  expect(body.ErrorNo, body.ErrorInfo).toBe(1);
}

/** Presses Tab until a booking link has focus, using the skip links as a keyboard user does; the Tabs pressed. */
async function tabsToFirstSlot(page: Page, { useSkipLinks }: { useSkipLinks: boolean }) {
  const skips: string[] = [];
  for (let tabs = 1; tabs <= 120; tabs++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent?.trim() ?? '', href: document.activeElement?.getAttribute('href') ?? '' }));
    if (focused.href.startsWith('/booking?slot=')) return { tabs, skips };
    if (useSkipLinks && (focused.text === '跳到主要内容' || focused.text === '跳到出诊时间') && !skips.includes(focused.text)) {
      skips.push(focused.text);
      await page.keyboard.press('Enter');
    }
  }
  return { tabs: Infinity, skips };
}

test.describe('keyboard', () => {
  test('a doctor page: the earliest open number first in main, and ≤ 15 Tabs from the top to it with Tab alone', async ({ page }, info) => {
    const [doctor] = await apiList(page.request, 'TW_User/GetDoctorPageList', { ProvinceID: YUNNAN, PageSize: 1, Sort: 'services' });
    await page.goto(`/doctordetail/${doctor!.AppointmentCode}`);
    const withSkips = await tabsToFirstSlot(page, { useSkipLinks: true });
    // 跳到主要内容, then the earliest open number is the first stop in main (跳到出诊时间 comes after it).
    expect(withSkips.skips).toEqual(['跳到主要内容']);
    expect(withSkips.tabs).toBeLessThanOrEqual(3);
    await page.goto(`/doctordetail/${doctor!.AppointmentCode}`);
    const tabOnly = await tabsToFirstSlot(page, { useSkipLinks: false });
    expect(tabOnly.tabs).toBeLessThanOrEqual(15);
    info.annotations.push({ type: 'tabs', description: `doctor page → first slot: ${withSkips.tabs} Tabs with the skip links, ${tabOnly.tabs} with Tab alone` });
    console.log(`[keyboard] doctor page → first bookable slot: ${withSkips.tabs} Tabs with the skip links (+${withSkips.skips.length} Enter), ${tabOnly.tabs} with Tab alone`);
  });

  test('after a client navigation focus is on the new page’s heading; after a filter, on the list’s heading', async ({ page }) => {
    await page.goto(`/doctorlist/${YUNNAN}`);
    // Hydrated first: a click before it is a full page load, which leaves focus to the browser (a CI run under
    // load clicked that early). The header's member island appears only once hydrated.
    await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await page.getByTestId('filter-department').getByRole('link', { name: /^中医妇科/ }).click();
    await expect(page).toHaveURL(/dept=/);
    await expect(page.getByRole('heading', { level: 2, name: /位医生符合所选条件/ })).toBeFocused();
    const link = page.locator('main article').first().getByRole('heading').getByRole('link');
    const name = (await link.innerText()).trim();
    await link.click();
    await expect(page).toHaveURL(/\/doctordetail\//);
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
    // From the heading, a keyboard user goes on from there, not from the top of the page.
    const { tabs } = await tabsToFirstSlot(page, { useSkipLinks: false });
    console.log(`[keyboard] doctor page reached from the finder → first bookable slot: ${tabs} Tabs`);
    expect(tabs).toBeLessThan(15);
  });

  test('after logging in from a slot, focus is on the booking page and 确认预约 is a few Tabs away', async ({ page, request }) => {
    test.slow();
    const member = await registerFreshMember(request, '键盘预约');
    await putIdCardOnFile(request, member);
    const [doctor] = await apiList(request, 'TW_User/GetDoctorPageList', { ProvinceID: YUNNAN, PageSize: 1, Sort: 'services' });
    await page.goto(`/doctordetail/${doctor!.AppointmentCode}`);
    await page.getByRole('table', { name: '未来14天出诊排班' }).getByRole('link', { name: /^预约 / }).last().click();
    const dialog = page.getByRole('dialog', { name: '会员登录' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByLabel('手机号', { exact: true }).fill(member.phone);
    await dialog.getByLabel('密码', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('button', { name: '确认预约' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    let tabs = 0;
    while (tabs < 60 && (await page.evaluate(() => document.activeElement?.textContent?.trim())) !== '确认预约') {
      await page.keyboard.press('Tab');
      tabs++;
    }
    console.log(`[keyboard] after login → 确认预约: ${tabs} Tabs`);
    expect(tabs).toBeLessThan(15);
    expect((await api(request, 'TW_User/GetDoctorSingle', { AppointmentCode: doctor!.AppointmentCode })).ErrorNo).toBe(1);
  });
});
