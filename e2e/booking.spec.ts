/**
 * Online booking journeys (docs/api.md "HIS_Register booking"): a member books
 * from a doctor's page for themself (real-name: their ID card is on file), pays
 * and sees it in the records; a visitor logs in through the SPEC §4 dialog and
 * comes back to the same slot; cancelling in the Headless UI dialog that says
 * what is refunded, and a failed cancel (SPEC §8 message, record unchanged); a
 * full slot; bad input. Each booking journey uses a freshly registered member,
 * so the specs can run again on the same database.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatYuan } from '../lib/fees';
import { idCardCheckChar } from '../lib/validation';
import { api, authed, failNext, registerFreshMember } from './auth-helpers';
import { loginAs } from './support/members-session';

// Each journey registers a member and renders several member pages: slow on a busy machine.
test.beforeEach(() => test.slow());

interface Slot {
  ScheduleID: string;
  Date: string;
  ShiftName: string;
  StartTime: string;
  Remaining: number;
  BookState: string;
}

/** Open slots of a doctor, as the API gives them, at least two days ahead (far from any cut-off). */
async function openSlots(request: APIRequestContext, code: string): Promise<Slot[]> {
  const r = await api<{ DataList: { Shifts: Slot[] }[] }>(request, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: code });
  expect(r.ErrorNo).toBe(1);
  return r.Result.DataList.slice(2).flatMap((d) => d.Shifts).filter((s) => s.BookState === 'open');
}

/** A valid ID card (SPEC §5 checksum) nobody else in this run has. */
function freshIdCard(): string {
  const first17 = `530102198${Math.floor(Math.random() * 10)}0${1 + Math.floor(Math.random() * 9)}1${Math.floor(Math.random() * 10)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

/** A fresh member with their ID card on file (real-name booking for themself). */
async function freshMember(request: APIRequestContext, name = '预约测试') {
  const m = await registerFreshMember(request, name);
  const tokens = await apiLogin(request, m);
  const profile = await authed(request, tokens.accessToken, 'VIP_Member/UpdateVipinformation', { VipName: name, IDCard: freshIdCard() });
  expect(profile.ErrorNo, profile.ErrorInfo).toBe(1);
  return { ...m, tokens };
}

async function apiLogin(request: APIRequestContext, who: { phone: string; password: string }) {
  const r = await api<{ access_token: string; refresh_token: string }>(request, 'AuthenticationCenter/PcPwdLogin', { Phone: who.phone, Password: who.password });
  expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  return { accessToken: r.Result.access_token, refreshToken: r.Result.refresh_token };
}


async function recordRow(page: Page, doctorName: string, date: string) {
  const table = page.getByRole('table', { name: '挂号记录' });
  return table.locator('tbody tr').filter({ hasText: doctorName }).filter({ hasText: date }).first();
}

test('a member books from a doctor page, pays, and sees it in the records', { tag: '@dated' }, async ({ page, context, request }) => {
  const member = await freshMember(request);
  await loginAs(context, request, member);
  await page.goto('/doctordetail/D100001');
  const table = page.getByRole('table', { name: '未来14天出诊排班' });
  // The last open slot of the 14 days: far from any cut-off, whatever the roster's week (3–6 half-days).
  const cell = table.getByRole('link', { name: /^预约 / }).last();
  const label = (await cell.getAttribute('aria-label'))!;
  await cell.click();
  await expect(page).toHaveURL(/\/booking\?slot=/);
  const slotId = new URL(page.url()).searchParams.get('slot')!;

  const summary = page.getByRole('definition');
  await expect(page.getByRole('heading', { level: 1, name: '预约挂号' })).toBeVisible();
  // Real-name: the holder, whose ID card is on file, is the 就诊人 chosen for them.
  await expect(page.getByRole('radio', { name: /预约测试（本人）/ })).toBeChecked();
  const date = slotId.split('-').slice(1, 4).join('-');
  expect(label).toContain(date);
  await expect(page.getByText(new RegExp(`^${date} 周`))).toBeVisible();
  await expect(page.getByText(/^(上午|下午|夜诊) \d{2}:\d{2}-\d{2}:\d{2}$/)).toBeVisible();
  // The price before paying: the list fee, the holder's card discount (a new member holds 普卡) and the amount.
  await expect(summary.nth(4)).toHaveText(/^￥\d+$/);
  await expect(summary.nth(6)).toHaveText(/^普卡 9\.5折（减￥\d+(\.\d{2})?）$/);
  await expect(summary.nth(7)).toHaveText(/^￥\d+(\.\d{2})?$/);
  const before = Number((await summary.nth(5).innerText()).trim());

  // A double click books once.
  await page.getByRole('button', { name: '确认预约' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: '预约已提交' })).toContainText('待支付');
  const list = await authed<{ DataList: { ScheduleID: string; Status: number; RegisterNo: string }[] }>(request, member.tokens.accessToken, 'HIS_Register/GetRegisterList', {});
  expect(list.Result.DataList.filter((r) => r.ScheduleID === slotId)).toHaveLength(1);
  const slot = await api<Slot>(request, 'HIS_Register/GetScheduleSlot', { ScheduleID: slotId });
  expect(slot.Result.Remaining).toBe(before - 1);

  await expect(page.getByText(/剩余支付时间 \d+分\d{2}秒/)).toBeVisible();
  // The tests pay with the simulated provider, and the button says so (docs/operations.md).
  await page.getByRole('button', { name: /^模拟支付 ￥/ }).click();
  const paid = page.getByRole('status').filter({ hasText: '支付成功' });
  await expect(paid).toBeVisible();
  // The receipt number stays, and the appointment page is one click away.
  const registerNo = list.Result.DataList.find((r) => r.ScheduleID === slotId)!.RegisterNo;
  await expect(paid).toContainText(`预约单号 ${registerNo}`);
  await expect(paid.getByRole('link', { name: /查看预约详情/ })).toHaveAttribute('href', `/dRecord/registration/${registerNo}`);

  await page.getByRole('link', { name: '查看挂号记录' }).click();
  await expect(page).toHaveURL(/\/dRecord\/registration$/);
  const row = await recordRow(page, '', date);
  await expect(row).toContainText('已预约');
  await expect(row.getByRole('button', { name: '取消预约' })).toBeVisible();
  // The status filter shows it under 已预约 and not under 待支付.
  await page.getByRole('link', { name: '已预约', exact: true }).click();
  await expect(page).toHaveURL(/status=booked/);
  await expect(page.getByRole('table', { name: '挂号记录' }).locator('tbody tr')).toHaveCount(1);
  await page.goto('/dRecord/registration?status=unpaid');
  await expect(page.getByText('暂无挂号记录')).toBeVisible();
});

test('a visitor is asked to log in with the login dialog and comes back to the same slot', async ({ page, request }) => {
  const member = await freshMember(request, '访客预约');
  await page.goto('/doctordetail/D100002');
  const cell = page.getByRole('table', { name: '未来14天出诊排班' }).getByRole('link', { name: /^预约 / }).nth(2);
  const href = (await cell.getAttribute('href'))!;
  await cell.click();
  // The guard: 请先登录 and the login dialog, already open (SPEC §4).
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  // The dialog's code loads on demand: allow a busy machine time for it.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('手机号', { exact: true }).fill(member.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
  await expect(page.getByRole('button', { name: '确认预约' })).toBeVisible();
  // 请先登录 is no longer true once logged in: its toast left with the login, not seconds later.
  expect(await page.getByText('请先登录', { exact: true }).count()).toBe(0);
  await expect(page.getByRole('radio', { name: /访客预约（本人）/ })).toBeChecked();
});

test('cancelling in the dialog says what is refunded and returns the number; a failed cancel shows the SPEC §8 message and keeps the record', async ({ page, context, request }) => {
  const member = await freshMember(request);
  const slot = (await openSlots(request, 'D100004'))[1]!;
  const booked = await authed<{ RegisterNo: string; Fee: number; PayAmount: number }>(request, member.tokens.accessToken, 'HIS_Register/BookRegister', {
    ScheduleID: slot.ScheduleID,
    IdempotencyKey: `e2e${Date.now()}`,
  });
  expect(booked.ErrorNo, booked.ErrorInfo).toBe(1);
  expect((await authed(request, member.tokens.accessToken, 'HIS_Register/PayRegister', { RegisterNo: booked.Result.RegisterNo })).ErrorNo).toBe(1);
  const remaining = async () => (await api<Slot>(request, 'HIS_Register/GetScheduleSlot', { ScheduleID: slot.ScheduleID })).Result.Remaining;
  const held = await remaining();

  const browserTokens = await loginAs(context, request, member);
  await page.goto('/dRecord/registration');
  const row = await recordRow(page, '', slot.Date);
  await expect(row).toContainText('已预约');
  // No native confirm any more: a browser dialog would fail this test.
  page.on('dialog', (d) => {
    throw new Error(`unexpected browser dialog: ${d.message()}`);
  });

  // This member's next cancel only: a test cancelling at the same moment in another worker is not touched.
  await failNext(request, 'HIS_Register/CancelRegister', browserTokens.accessToken);
  await row.getByRole('button', { name: '取消预约' }).click();
  const dialog = page.getByRole('dialog', { name: '确认取消预约？' });
  // What was paid is what is refunded: the fee at the member's card discount (lib/fees.ts).
  const paid = formatYuan(booked.Result.PayAmount);
  expect(booked.Result.PayAmount).toBeLessThan(booked.Result.Fee);
  await expect(dialog).toContainText(`已支付的挂号费￥${paid}将原路退回`);
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(dialog.getByRole('alert')).toContainText('订单取消失败，请重试或联系客服');
  await dialog.getByRole('button', { name: '暂不取消' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(row).toContainText('已预约');
  expect(await remaining()).toBe(held);

  await row.getByRole('button', { name: '取消预约' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: '确认取消' }).click();
  // What was refunded: said at once, and kept on the record.
  await expect(page.getByRole('status').filter({ hasText: `预约已取消，挂号费￥${paid}将原路退回` })).toBeVisible();
  await expect(row).toContainText('已取消');
  await expect(row).toContainText(`已退款￥${paid}`);
  await expect(row.getByRole('button', { name: '取消预约' })).toHaveCount(0);
  expect(await remaining()).toBe(held + 1);
});

test('the last number: booking it makes the slot 约满 on the doctor page and on its booking page', async ({ page, context, request }) => {
  const member = await freshMember(request);
  const other = await freshMember(request);
  const slot = (await openSlots(request, 'D100003'))[0]!;
  const filled = await api<{ Remaining: number }>(request, 'Dev/FillSlot', { ScheduleID: slot.ScheduleID, Leave: '1' });
  expect(filled.Result.Remaining).toBe(1);

  await loginAs(context, request, member);
  await page.goto(`/booking?slot=${slot.ScheduleID}`);
  await page.getByRole('button', { name: '确认预约' }).click();
  await expect(page.getByRole('status').filter({ hasText: '预约已提交' })).toBeVisible();

  await page.goto('/doctordetail/D100003');
  const table = page.getByRole('table', { name: '未来14天出诊排班' });
  await expect(table.getByTitle(new RegExp(`^${slot.Date} ${slot.ShiftName} .*已约满$`))).toHaveText('约满');

  await context.clearCookies();
  await loginAs(context, request, other);
  await page.goto(`/booking?slot=${slot.ScheduleID}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('该时段已约满，请选择其他时段');
  await expect(page.getByRole('button', { name: '确认预约' })).toHaveCount(0);
});

test('bad booking input gets a Chinese message, never a 500', async ({ page, context, request }) => {
  const member = await freshMember(request);
  await loginAs(context, request, member);
  for (const [slot, message] of [
    ['999999-2099-01-01-1-SA0101', '号源不存在，请重新选择出诊时段'],
    ['1001-2020-01-06-1-SA0101', '该时段已结束，请选择其他时段'],
    ['<script>', '出诊时段无效，请从医生排班中重新选择'],
    ['', '出诊时段无效，请从医生排班中重新选择'],
  ] as const) {
    const response = await page.goto(`/booking?slot=${encodeURIComponent(slot)}`);
    expect(response!.status()).toBeLessThan(500);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(message);
  }
  // Another member's appointment and a forged number, through the API.
  const owner = await freshMember(request);
  const slot = (await openSlots(request, 'D100005'))[0]!;
  const theirs = await authed<{ RegisterNo: string }>(request, owner.tokens.accessToken, 'HIS_Register/BookRegister', {
    ScheduleID: slot.ScheduleID,
    IdempotencyKey: `e2e${Date.now()}`,
  });
  expect(theirs.ErrorNo, theirs.ErrorInfo).toBe(1);
  const foreign = await authed(request, member.tokens.accessToken, 'HIS_Register/CancelRegister', { RegisterNo: theirs.Result.RegisterNo });
  expect([foreign.ErrorNo, foreign.ErrorInfo]).toEqual([404, '预约记录不存在']);
  const forged = await authed(request, member.tokens.accessToken, 'HIS_Register/PayRegister', { RegisterNo: "R1' OR '1'='1" });
  expect([forged.ErrorNo, forged.ErrorInfo]).toEqual([0, '预约单号格式不正确']);
});
