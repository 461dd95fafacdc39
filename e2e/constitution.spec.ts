/**
 * 中医体质辨识 and the 体质档案 (docs/constitution.md): the questionnaire answered all 没有 (平和质 是, every biased
 * type 0) and all 总是 (平和质 否, every biased type 100 and 是); a missing question named; answers resumed from
 * the browser; a visitor's result kept by logging in on the result page and listed in the 体质档案 with its date
 * in China time; a 普卡 member refused by the member-rights rule; the plain form posted without JavaScript; axe on
 * the questionnaire, the result and the archive.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginAs, queryDb } from './support/members-session';
import { registerFreshMember } from './auth-helpers';

const BIASED = ['气虚质', '阳虚质', '阴虚质', '痰湿质', '湿热质', '血瘀质', '气郁质', '特禀质'];

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Answers every shown question with one grade (没有 … 总是), by keyboard-reachable radios. */
async function answerAll(page: Page, grade: string) {
  const radios = page.getByRole('list', { name: '体质辨识问题' }).getByRole('radio', { name: grade, exact: true });
  const n = await radios.count();
  for (let i = 0; i < n; i++) await radios.nth(i).check();
  return n;
}

function resultRow(page: Page, type: string) {
  return page.getByRole('table').getByRole('row').filter({ has: page.getByRole('rowheader', { name: type, exact: true }) });
}

async function expectRow(page: Page, type: string, score: string, judgement: string) {
  const row = resultRow(page, type);
  await expect(row.getByRole('cell').first()).toHaveText(score);
  await expect(row.getByRole('cell').last()).toHaveText(judgement);
}

test.beforeEach(async ({ page }) => {
  // Each test starts with no answers kept in the browser.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('tizhi-test-started')) {
      sessionStorage.setItem('tizhi-test-started', '1');
      localStorage.removeItem('shengai.tizhi.draft.v1');
    }
  });
});

test('all 没有: 平和质 是 at 75, every biased type 0 and 否; reached from the header and the home page; axe clean', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: '开始体质辨识' })).toHaveAttribute('href', '/tizhi');
  await page.goto('/tizhi');
  await expect(page).toHaveTitle(/中医体质辨识/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/share-card\/tool\/tizhi\.png\?v=/);
  // Sub-menus are visibility:hidden until hover or focus, hence includeHidden.
  await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '体质辨识', includeHidden: true })).toHaveAttribute('href', '/tizhi');
  await expectNoAxeViolations(page);

  // By keyboard alone: Space chooses the sex, then Tab reaches each question's first grade (没有) and Space
  // chooses it; the last Tab reaches the submit button.
  await page.getByRole('radio', { name: '女', exact: true }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
  }
  await expect(page.getByText('已答 60 / 60 题')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '提交，查看结果' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: '辨识结果：平和质' })).toBeVisible();
  await expect(page).toHaveURL(/\/tizhi$/);
  await expectRow(page, '平和质', '75', '是');
  for (const t of BIASED) await expectRow(page, t, '0', '否');
  await expect(page.getByRole('note').filter({ hasText: '仅供参考，不能替代医生面诊' })).toBeVisible();
  const care = page.getByRole('region', { name: /^平和质/ });
  await expect(care).toContainText('饮食');
  await expectNoAxeViolations(page);
});

test('all 总是: 平和质 否 at 25, every biased type 100 and 是, with care, doctors that book and articles', async ({ page }) => {
  await page.goto('/tizhi');
  await page.getByRole('radio', { name: '男', exact: true }).check();
  expect(await answerAll(page, '总是')).toBe(60);
  await page.getByRole('button', { name: '提交，查看结果' }).click();

  await expect(page.getByRole('heading', { name: /^辨识结果：气虚质，兼有/ })).toBeVisible();
  await expectRow(page, '平和质', '25', '否');
  for (const t of BIASED) await expectRow(page, t, '100', '是');
  const qixu = page.getByRole('region', { name: /^气虚质/ });
  await expect(qixu.getByRole('link', { name: '中医内科' })).toHaveAttribute('href', /\/department\//);
  await expect(qixu.getByRole('link', { name: /^预约/ }).first()).toHaveAttribute('href', /^\/(booking\?slot=|doctordetail\/)/);
  await expect(page.getByRole('region', { name: /^特禀质/ }).getByRole('link', { name: /养肺|三伏贴/ }).first()).toBeVisible();
});

test('a missing question is named and the answers stay; answers kept in the browser resume after a reload', async ({ page }) => {
  await page.goto('/tizhi');
  await page.getByRole('radio', { name: '女', exact: true }).check();
  await answerAll(page, '有时');
  // Take back question 7: uncheck by reloading the form with that answer removed from the kept draft.
  await page.evaluate(() => {
    const key = 'shengai.tizhi.draft.v1';
    const draft = JSON.parse(localStorage.getItem(key)!) as { answers: Record<string, number> };
    delete draft.answers.q7;
    localStorage.setItem(key, JSON.stringify(draft));
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '已为您恢复上次未提交的答题' })).toBeVisible();
  await expect(page.getByText('已答 59 / 60 题')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: /^3\. / }).getByRole('radio', { name: '有时' })).toBeChecked();

  await page.getByRole('button', { name: '提交，查看结果' }).click();
  const alert = page.getByRole('alert').filter({ hasText: '还有1道题未作答' });
  await expect(alert).toContainText('第7题');
  await expect(page.getByRole('radiogroup', { name: /^7\. / })).toContainText('此题未作答');
  await expect(page.getByRole('radiogroup', { name: /^8\. / }).getByRole('radio', { name: '有时' })).toBeChecked();

  await page.getByRole('radiogroup', { name: /^7\. / }).getByRole('radio', { name: '有时' }).check();
  await page.getByRole('button', { name: '提交，查看结果' }).click();
  await expect(page.getByRole('heading', { name: /^辨识结果/ })).toBeVisible();
  // Sent: the browser's copy is gone.
  expect(await page.evaluate(() => localStorage.getItem('shengai.tizhi.draft.v1'))).toBeNull();
});

test('an empty 体质档案 offers the questionnaire once, and says what a self-assessment is', async ({ page, context, request }) => {
  const member = await registerFreshMember(request, '周新');
  await loginAs(context, request, member);
  await page.goto('/dRecord/constitution');
  const main = page.getByRole('main');
  await expect(main.getByText('体质档案中还没有记录')).toBeVisible();
  await expect(main.getByRole('link', { name: '去做体质辨识' })).toHaveAttribute('href', '/tizhi');
  // No record yet: nothing to do "again".
  await expect(main.getByRole('link', { name: '再做一次体质辨识' })).toHaveCount(0);
  await expect(main.getByText('仅供参考，不能替代医生面诊。')).toBeVisible();
});

test('a visitor keeps the result by logging in on the result page; the 体质档案 lists it with its date and what changed', async ({ page }) => {
  // Two questionnaires of 60 answers and a login: more steps than the default budget.
  test.setTimeout(120_000);
  await page.goto('/tizhi');
  await page.getByRole('radio', { name: '男', exact: true }).check();
  await answerAll(page, '没有');
  await page.getByRole('button', { name: '提交，查看结果' }).click();
  await expect(page.getByRole('heading', { name: '辨识结果：平和质' })).toBeVisible();

  await page.getByRole('button', { name: '保存到体质档案' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请先登录' })).toBeVisible();
  await page.getByRole('region', { name: '保存到体质档案' }).getByRole('link', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await dialog.getByLabel('手机号', { exact: true }).fill(DEMO.other.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(DEMO.other.password);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  // Nothing lost: the same result is still on the page.
  await expect(page.getByRole('heading', { name: '辨识结果：平和质' })).toBeVisible();

  await page.getByRole('button', { name: '保存到体质档案' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已保存到体质档案' })).toBeVisible();

  const kept = queryDb<{ created_at: string }>(
    `SELECT r.created_at FROM constitution_records r JOIN members m ON m.id = r.member_id WHERE m.phone = ? ORDER BY r.id DESC LIMIT 1`,
    DEMO.other.phone,
  );
  // The date as the site shows it: China time (UTC+8), whatever the server's zone.
  const shown = new Date(new Date(kept.created_at).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  await page.getByRole('link', { name: '查看体质档案' }).click();
  await expect(page).toHaveURL(/\/dRecord\/constitution$/);
  const latest = page.getByRole('region', { name: /^最近一次：平和质/ });
  await expect(latest).toContainText(`辨识时间：${shown}`);
  await expect(page.getByRole('region', { name: /^历次辨识/ }).getByRole('listitem').first()).toContainText(shown);

  // A second result, now as a member: the archive says what changed since the first.
  await page.getByRole('link', { name: '再做一次体质辨识' }).click();
  await page.getByRole('radio', { name: '男', exact: true }).check();
  await answerAll(page, '总是');
  await page.getByRole('button', { name: '提交，查看结果' }).click();
  await page.getByRole('button', { name: '保存到体质档案' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已保存到体质档案' })).toBeVisible();
  await page.goto('/dRecord/constitution');
  const changed = page.getByRole('region', { name: /^最近一次：气虚质/ });
  await expect(changed).toContainText('与上次');
  await expect(changed.getByRole('listitem').filter({ hasText: /^气虚质：0 → 100（\+100），判定由“否”变为“是”/ })).toBeVisible();
  await expect(changed.getByRole('listitem').filter({ hasText: /^平和质：75 → 25（−50），判定由“是”变为“否”/ })).toBeVisible();
  // Every record of this member, newest first (the database may hold earlier runs' too).
  const count = queryDb<{ n: number }>(`SELECT COUNT(*) AS n FROM constitution_records r JOIN members m ON m.id = r.member_id WHERE m.phone = ?`, DEMO.other.phone).n;
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('region', { name: `历次辨识（共${count}次）` }).getByRole('listitem')).toHaveCount(count);
  await expectNoAxeViolations(page);
});

test('a 普卡 member is told the 体质档案 is a 银卡 right, and nothing is kept', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.modest);
  const before = queryDb<{ n: number }>(`SELECT COUNT(*) AS n FROM constitution_records r JOIN members m ON m.id = r.member_id WHERE m.phone = ?`, DEMO.modest.phone).n;
  await page.goto('/tizhi');
  await page.getByRole('radio', { name: '女', exact: true }).check();
  await answerAll(page, '很少');
  await page.getByRole('button', { name: '提交，查看结果' }).click();
  await page.getByRole('button', { name: '保存到体质档案' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '银卡及以上会员权益' })).toBeVisible();
  const after = queryDb<{ n: number }>(`SELECT COUNT(*) AS n FROM constitution_records r JOIN members m ON m.id = r.member_id WHERE m.phone = ?`, DEMO.modest.phone).n;
  expect(after).toBe(before);
  await page.goto('/dRecord/constitution');
  await expect(page.getByRole('note').filter({ hasText: '体质档案为银卡及以上会员权益' })).toBeVisible();
});

test('without JavaScript the plain form posts: a missing question is named, then the result is shown', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/tizhi');
  await page.getByRole('radio', { name: '女', exact: true }).check();
  // Both sex-specific items are shown before the sex is known; each person answers their own.
  const radios = page.getByRole('list', { name: '体质辨识问题' }).getByRole('radio', { name: '总是', exact: true });
  await expect(radios).toHaveCount(61);
  for (let i = 0; i < 61; i++) if (i !== 20) await radios.nth(i).check();
  await page.getByRole('button', { name: '提交，查看结果' }).click();
  await expect(page.getByRole('alert')).toContainText('第21题');
  await expect(page.getByRole('radiogroup', { name: /^22\. / }).getByRole('radio', { name: '总是' })).toBeChecked();

  await page.getByRole('radiogroup', { name: /^21\. / }).getByRole('radio', { name: '总是' }).check();
  await page.getByRole('button', { name: '提交，查看结果' }).click();
  await expect(page.getByRole('heading', { name: /^辨识结果：气虚质/ })).toBeVisible();
  await expect(page).toHaveURL(/\/tizhi$/);
  await expectRow(page, '平和质', '25', '否');
  for (const t of BIASED) await expectRow(page, t, '100', '是');
  await context.close();
});
