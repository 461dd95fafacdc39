/**
 * The slower path of a spent site-wide ceiling, in a real browser (docs/security.md "The slower path: a proof of
 * work"): the ceilings are spent as many addresses would spend them (Dev/SpendCeiling), and a new member who meets
 * them is not refused: the form says 正在进行安全验证… in a status region, solves the challenge, sends the same
 * call once more, and the SMS is sent, the phone checked and the member registered. By keyboard alone.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, freshPhone, latestSmsCode } from './auth-helpers';

const STATUS = '正在进行安全验证…';

/** Calls about `phone` meet the ceiling as spent (only this phone's: the suite's other tests never meet it). */
async function spendCeiling(request: Parameters<typeof api>[0], name: string, phone: string) {
  const r = await api(request, 'Dev/SpendCeiling', { Name: name, Phone: phone });
  expect(r.ErrorNo, r.ErrorInfo).toBe(1);
}

/** Records every text a status region shows, however briefly (a lucky challenge is solved in a blink). */
async function watchStatus(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __statusSeen: string[] }).__statusSeen = seen;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[role="status"]')) if (node.textContent) seen.push(node.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const statusSeen = (page: Page) => page.evaluate(() => (window as unknown as { __statusSeen: string[] }).__statusSeen.splice(0));

test('a new member registers while the SMS and code-check ceilings are spent: the proof is solved in the page, each call sent once more', async ({ page, request }) => {
  const phone = freshPhone();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: '注册' }).click();
  const check = page.getByRole('dialog', { name: '手机号验证' });
  await check.getByLabel('手机号', { exact: true }).fill(phone);
  await watchStatus(page);

  await spendCeiling(request, 'smsSendGlobal', phone);
  await check.getByRole('button', { name: '获取验证码' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('验证码已发送，请注意查收')).toBeVisible({ timeout: 30_000 });
  await expect(check.getByRole('button', { name: /^\d+秒后重新获取$/ })).toBeDisabled();
  expect(await statusSeen(page)).toContain(STATUS);
  // One SMS: the refused first call sent nothing.
  const outbox = await api<{ Code: string }>(request, 'Dev/GetSmsOutbox', { Phone: phone });
  expect(outbox.ErrorNo).toBe(1);

  await spendCeiling(request, 'smsVerifyGlobal', phone);
  await check.getByLabel('短信验证码').fill(await latestSmsCode(request, phone));
  await page.keyboard.press('Enter');
  const register = page.getByRole('dialog', { name: '注册会员' });
  await expect(register.getByRole('alert')).toHaveText('未注册账号，请先注册账号', { timeout: 30_000 });
  expect(await statusSeen(page)).toContain(STATUS);
  await expect(register.getByRole('status').filter({ hasText: STATUS })).toHaveCount(0);

  await register.getByLabel('姓名').fill('许安');
  await register.getByLabel('设置登录密码').fill('Xu2026abcd');
  await register.getByLabel('确认密码').fill('Xu2026abcd');
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: '注册并登录' }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect(page.getByRole('banner').getByText('许安')).toBeVisible();
});
