/**
 * /customerMessage and /customerComplaints (SPEC §2 member services): a message and a
 * complaint appear in the member's own history, another member does not see
 * them; validation, the counter and a failed send that keeps the text.
 */
import { expect, test } from '@playwright/test';
import { DEMO, loginAs } from './support/members-session';

test('a message and a complaint appear in the history, and another member does not see them', async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  const message = `请问积分兑换的商品多久寄出？编号${stamp}`;
  const complaint = `周六上午候诊时间过长，希望增加号源。编号${stamp}`;

  const author = await browser.newContext();
  await loginAs(author, request, DEMO.rich);
  const page = await author.newPage();

  await page.goto('/customerMessage');
  await page.getByLabel('留言分类').selectOption({ label: '会员积分' });
  await page.getByLabel('留言内容').fill(message);
  await expect(page.getByText(`${Array.from(message).length}/500`)).toBeVisible();
  await page.getByRole('button', { name: '提交留言' }).click();
  await expect(page.locator('form').getByRole('status')).toContainText('留言提交成功');
  await expect(page.getByLabel('留言内容')).toHaveValue('');
  await expect(page.getByRole('region', { name: /我的留言/ }).getByText(message)).toBeVisible();

  await page.goto('/customerComplaints');
  await page.getByLabel('投诉类别').selectOption({ label: '候诊时间' });
  await page.getByLabel('投诉建议内容').fill(complaint);
  await page.getByRole('button', { name: '提交投诉建议' }).click();
  await expect(page.locator('form').getByRole('status')).toContainText('投诉建议提交成功');
  const complaints = page.getByRole('region', { name: /我的投诉建议/ });
  await expect(complaints.getByText(complaint)).toBeVisible();
  // Complaints and messages are kept apart.
  await expect(complaints.getByText(message)).toHaveCount(0);
  await author.close();

  const other = await browser.newContext();
  await loginAs(other, request, DEMO.poor);
  const otherPage = await other.newPage();
  await otherPage.goto('/customerMessage');
  await expect(otherPage.getByRole('region', { name: /我的留言/ })).toBeVisible();
  await expect(otherPage.getByText(message)).toHaveCount(0);
  await otherPage.goto('/customerComplaints');
  await expect(otherPage.getByText(complaint)).toHaveCount(0);
  await other.close();
});

test('validation gives clear messages, and a failed send keeps the text', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.poor);
  await page.goto('/customerMessage');
  const form = page.locator('form');
  await page.getByRole('button', { name: '提交留言' }).click();
  await expect(form.getByText('请选择分类')).toBeVisible();
  await expect(form.getByText('请填写内容')).toBeVisible();

  await page.getByLabel('留言分类').selectOption({ label: '就诊咨询' });
  await page.getByLabel('留言内容').fill('太短');
  await page.getByRole('button', { name: '提交留言' }).click();
  await expect(form.getByText('内容至少5个字')).toBeVisible();

  const text = '我想咨询一下针灸推拿科的预约方式，谢谢。';
  await page.getByLabel('留言内容').fill(text);
  // The session ends before sending: the send fails with a clear message and keeps the text.
  await context.clearCookies();
  await page.getByRole('button', { name: '提交留言' }).click();
  await expect(form.getByRole('alert')).toContainText('请先登录');
  await expect(page.getByLabel('留言内容')).toHaveValue(text);
});

test('a visitor sees the page and is asked to log in to send', async ({ page }) => {
  await page.goto('/customerComplaints');
  await expect(page.getByRole('heading', { level: 1, name: '投诉建议' })).toBeVisible();
  await expect(page.getByRole('link', { name: '登录后投诉建议' })).toBeVisible();
});
