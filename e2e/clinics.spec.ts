/** SPEC §2 journey: clinic list → clinic → environment images → all evaluations. */
import { expect, test } from '@playwright/test';
import { collectPageProblems } from './support/page-problems';
import { loginAs } from './support/members-session';

test('clinic list → clinic → environment images → all evaluations', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/hospitallist');
  await expect(page.getByRole('heading', { level: 1, name: '找门诊' })).toBeVisible();
  // SPEC §9: distances are shown, meters under 1 km.
  await expect(page.getByText(/距您 \d+(\.\d)?(m|km)/).first()).toBeVisible();
  const first = page.locator('main article').first();
  const name = (await first.getByRole('heading').innerText()).trim();
  await first.getByRole('link', { name: '查看门诊' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const gallery = page.locator('section[aria-labelledby="environment"]');
  await expect(gallery.getByRole('heading', { name: '门诊环境' })).toBeVisible();
  await expect(gallery.getByRole('img')).not.toHaveCount(0);
  await expect(gallery.getByText('中药房')).toBeVisible();

  await page.getByRole('link', { name: '查看全部评价 ›' }).click();
  await expect(page).toHaveURL(/\/hospitalEvaluateAll\?clinic=/);
  await expect(page.getByRole('heading', { level: 1, name: '门诊评价' })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('link', { name: '有内容', exact: true }).click();
  await expect(page).toHaveURL(/content=1/);
  await expect(page.locator('main ul.divide-y > li').first()).toBeVisible();
  await expect(page.getByText('患者未填写评价内容。')).toHaveCount(0);
  // Requests the browser aborts because the journey moved on (favourite-state actions, RSC prefetches) are not faults.
  expect(problems.filter((p) => !p.endsWith('net::ERR_ABORTED'))).toEqual([]);
});

test('a member’s favourite clinic is saved and shown again after a reload', async ({ page, context, request }) => {
  // Logged in through the API (the login dialog is another journey's), the tokens in the browser's cookies.
  const { accessToken } = await loginAs(context, request, { phone: '13800000004', password: 'Shengai2026' });

  // Start from "not collected" whatever an earlier run left.
  const cancel = await request.post('/api/WX_OrgCollectionClent/CannelCollection', {
    form: { Code: 'SA0105' },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(((await cancel.json()) as { ErrorNo: number }).ErrorNo).toBe(1);

  await page.goto('/hospitaldetail/SA0105');
  const toggle = page.getByRole('button', { name: /收藏圣爱国医堂（昆明官渡店）/ });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: '已收藏' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: /收藏圣爱国医堂（昆明官渡店）/ })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: /收藏圣爱国医堂（昆明官渡店）/ }).click();
  await expect(page.getByRole('button', { name: /收藏圣爱国医堂（昆明官渡店）/ })).toHaveAttribute('aria-pressed', 'false');
});

test('a 收藏 toggle waits for the member’s state: disabled, then pressed once the read arrives', async ({ page, context, request }) => {
  // Logged in through the API (the login dialog is another journey's), the tokens in the browser's cookies.
  const { accessToken } = await loginAs(context, request, { phone: '13800000004', password: 'Shengai2026' });
  const auth = { Authorization: `Bearer ${accessToken}` };
  const add = await request.post('/api/WX_OrgCollectionClent/AddOrgCollection', { form: { Code: 'SA0105' }, headers: auth });
  expect(((await add.json()) as { ErrorNo: number }).ErrorNo).toBe(1);

  // Hold the member's favourites read until the test has looked at the button.
  let release!: () => void;
  let asked!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const readSent = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/session/favourites?*', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.goto('/hospitaldetail/SA0105');
  await readSent;
  const toggle = page.getByRole('button', { name: /收藏圣爱国医堂（昆明官渡店）/ });
  // Hydrated and asked, not yet answered: the page's guess (not collected) is not offered as the member's state.
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  release();
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  const cancel = await request.post('/api/WX_OrgCollectionClent/CannelCollection', { form: { Code: 'SA0105' }, headers: auth });
  expect(((await cancel.json()) as { ErrorNo: number }).ErrorNo).toBe(1);
});

test('every 收藏 toggle of a list shares one read of the member’s favourites, and a toggle updates it without another', async ({ page, context, request }) => {
  // Logged in through the API (the login dialog is another journey's), the tokens in the browser's cookies.
  await loginAs(context, request, { phone: '13800000005', password: 'Shengai2026' });
  const reads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/session/favourites') reads.push(r.url());
  });
  await page.goto('/hospitallist');
  const toggles = page.getByRole('button', { name: /^(取消)?收藏/ });
  expect(await toggles.count()).toBeGreaterThan(1);
  // The member's state is read once after hydration; a toggle waits for it (aria-pressed is never a guess).
  const first = toggles.first();
  await expect(first).toBeEnabled();
  expect(reads).toHaveLength(1);
  expect(new URL(reads[0]!).searchParams.get('kind')).toBe('clinic');
  const wasPressed = (await first.getAttribute('aria-pressed')) === 'true';
  await first.click();
  await expect(page.getByRole('status').filter({ hasText: wasPressed ? '已取消收藏' : '已收藏' })).toBeVisible();
  await expect(first).toHaveAttribute('aria-pressed', String(!wasPressed));
  expect(reads).toHaveLength(1);
  // Put it back as it was (the write is the same action).
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', String(wasPressed));
});
