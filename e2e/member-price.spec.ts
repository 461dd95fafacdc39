/**
 * The price the site promises is the price charged (lib/fees.ts; docs/api.md "Member prices"): the demo member
 * 13800000001 holds a 金卡, so a ¥30 registration she books for her mother costs 85 %, ¥25.50. The booking page
 * says the list fee, the discount and the amount before she books; the pay button, the appointment page, its
 * .ics, the records and the refund on cancel say the same amount; paying earns 1.5 × 25.50 = 38 points in
 * 积分明细 and the cancel takes them back. A full slot offers other times and doctors; the doctor page shows one
 * satisfaction figure with its count and says how fresh its numbers are.
 *
 * On a server of its own, at a fixed clock (10:00 China time, a day or more ahead: DEV_CLOCK), with its own
 * database: the demo member's points are checked to the point here, and other specs spend them.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api } from './auth-helpers';
import { apiUrl } from './support/api-origin';
import { chinaClockAhead, startFixedClockServer, type FixedClockServer } from './support/fixed-clock-server';
import { DEMO, loginAs } from './support/members-session';

interface Slot {
  ScheduleID: string;
  Date: string;
  ShiftName: string;
  StartTime: string;
  EndTime: string;
  Remaining: number;
  BookState: string;
  DoctorName: string;
  AppointmentCode: string;
  HospitalCode: string;
  RegisterFee: number;
  PeriodStart: string;
}

const port = Number(process.env.E2E_PORT || 3100) + 53;
const origin = `http://127.0.0.1:${port}`;
let server: FixedClockServer | undefined;

test.use({ baseURL: origin });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  server = startFixedClockServer(port, chinaClockAhead(10), 'member-price');
  const probe = await playwright.request.newContext({ baseURL: origin });
  await expect.poll(async () => (await probe.get('/').catch(() => null))?.status() ?? 0, { timeout: 200_000 }).toBe(200);
  await probe.dispose();
});

test.afterAll(() => server?.stop());

/** An open ¥`fee` slot two or more days ahead of a doctor outside 中医儿科 (her mother is 74). */
async function openSlotOfFee(request: APIRequestContext, fee: number, skip: string[] = []): Promise<Slot> {
  for (let n = 1; n <= 120; n++) {
    const code = `D${100000 + n}`;
    if (skip.includes(code)) continue;
    const r = await api<{ DataList: { Shifts: Slot[] }[] }>(request, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: code });
    if (r.ErrorNo !== 1) continue;
    const slot = r.Result.DataList.slice(2).flatMap((d) => d.Shifts).find((s) => s.BookState === 'open' && s.RegisterFee === fee && s.Remaining > 1);
    if (!slot) continue;
    const one = await api<{ Department: string }>(request, 'HIS_Register/GetScheduleSlot', { ScheduleID: slot.ScheduleID });
    if (one.Result.Department !== '中医儿科') return slot;
  }
  throw new Error(`no open ¥${fee} slot`);
}

async function points(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post(apiUrl('VIP_Member/GetVIPMember'), { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { Result: { Points: number } }).Result.Points;
}

test('a 金卡 member sees ¥30 − 8.5折 = ¥25.50 before booking, pays it, and every page, the .ics, the refund and 积分明细 agree', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const tokens = await loginAs(context, request, DEMO.rich);
  const slot = await openSlotOfFee(request, 30);
  const before = await points(request, tokens.accessToken);

  await page.goto(`/booking?slot=${slot.ScheduleID}`);
  const summary = page.getByRole('definition');
  await expect(summary.nth(4)).toHaveText('￥30');
  await expect(summary.nth(6)).toHaveText('金卡 8.5折（减￥4.50）');
  await expect(summary.nth(7)).toHaveText('￥25.50');
  // The discount is the account holder's: she books for her mother.
  await page.getByRole('radio', { name: /张秀兰（父母）/ }).check();
  await page.getByRole('button', { name: '确认预约' }).click();
  const submitted = page.getByRole('status').filter({ hasText: '预约已提交' });
  await expect(submitted).toContainText('就诊人：张秀兰');
  const registerNo = /预约单号 (R\w+)/.exec(await submitted.innerText())![1]!;
  await page.getByRole('button', { name: '模拟支付 ￥25.50' }).click();
  const paid = page.getByRole('status').filter({ hasText: '支付成功' });
  await expect(paid).toContainText(`预约单号 ${registerNo}`);
  // 25.50 × 1.5 = 38.25: 38 points, once.
  expect(await points(request, tokens.accessToken)).toBe(before + 38);

  // The appointment page says the same, and what the payment earned.
  await paid.getByRole('link', { name: /查看预约详情/ }).click();
  const info = page.getByRole('region', { name: '预约信息' });
  await expect(info).toContainText('挂号费 ￥30 · 会员折扣 金卡 8.5折 · 实付 ￥25.50');
  await expect(info).toContainText('已支付 ￥25.50');
  await expect(info).toContainText('本次挂号获得38积分');
  const ics = await page.request.get(`/dRecord/registration/${registerNo}/appointment.ics`);
  expect((await ics.text()).replace(/\r\n /g, '')).toContain('实付 ￥25.50');

  // The records: the amount paid, the list fee and the discount beside it.
  await page.goto('/dRecord/registration');
  const row = page.getByRole('table', { name: '挂号记录' }).locator('tbody tr').filter({ hasText: slot.Date }).filter({ hasText: '张秀兰' }).first();
  await expect(row).toContainText('￥25.50');
  await expect(row).toContainText('原价￥30 金卡 8.5折');
  // Names, states and the buttons of 操作 never break inside a word, at 1366 px and at 200 % zoom (683 px): the
  // 操作 column is as wide as its widest button and the others keep the room.
  const lineCount = (el: Element) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  };
  for (const width of [1366, 683]) {
    await page.setViewportSize({ width, height: 900 });
    for (const cell of [row.getByText('张秀兰', { exact: true }), row.getByText('已预约', { exact: true }), row.getByRole('button', { name: '取消预约' })]) {
      expect(await cell.first().evaluate(lineCount), `${await cell.first().innerText()} at ${width}px`).toBe(1);
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // 积分明细: the credit, with the balance after it.
  await page.goto('/dRecord/points');
  const ledger = page.getByRole('table', { name: '积分明细' }).locator('tbody tr');
  await expect(ledger.first()).toContainText('挂号得积分');
  await expect(ledger.first()).toContainText('+38');

  // Cancel: the refund is the amount paid, and the points go back.
  await page.goto(`/dRecord/registration/${registerNo}`);
  await page.getByRole('region', { name: '取消预约' }).getByRole('button', { name: '取消预约' }).click();
  const dialog = page.getByRole('dialog', { name: '确认取消预约？' });
  await expect(dialog).toContainText('已支付的挂号费￥25.50将原路退回');
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(page.getByRole('status').filter({ hasText: '预约已取消，挂号费￥25.50将原路退回' })).toBeVisible();
  expect(await points(request, tokens.accessToken)).toBe(before);
  await page.goto('/dRecord/points');
  await expect(ledger.first()).toContainText('退号扣回');
  await expect(ledger.first()).toContainText('−38');
  const record = await request.post(apiUrl('HIS_Register/GetRegister'), { form: { RegisterNo: registerNo }, headers: { Authorization: `Bearer ${tokens.accessToken}` } });
  expect(((await record.json()) as { Result: { RefundAmount: number } }).Result.RefundAmount).toBe(25.5);
});

test('a full slot offers the doctor’s next open times and the department’s other doctors there', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.rich);
  // A ¥50 doctor: not one the journey above read, so the site has not cached their schedule yet.
  const slot = await openSlotOfFee(request, 50);
  expect((await api(request, 'Dev/FillSlot', { ScheduleID: slot.ScheduleID, Leave: '0' })).ErrorNo).toBe(1);
  // On the doctor page 约满 is a way on, not a dead end.
  await page.goto(`/doctordetail/${slot.AppointmentCode}`);
  await page
    .getByRole('table', { name: '未来14天出诊排班' })
    .getByRole('link', { name: `${slot.DoctorName} ${slot.Date} ${slot.ShiftName} ${slot.StartTime}-${slot.EndTime} 已约满，查看其他可约时段` })
    .click();
  await expect(page).toHaveURL(`/booking?slot=${slot.ScheduleID}`);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('该时段已约满');
  const offer = page.getByRole('region', { name: '可以改约这些号源' });
  await expect(offer.getByRole('heading', { name: `${slot.DoctorName}医生的其他可约时段` })).toBeVisible();
  // Every offered time is a way on: a link to book it.
  const times = offer.getByRole('list', { name: `${slot.DoctorName}医生的其他可约时段` }).getByRole('link');
  await expect(times.first()).toHaveAttribute('href', /\/booking\?slot=/);
  expect(await times.count()).toBeGreaterThan(0);
  for (const href of await times.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).not.toContain(slot.ScheduleID);
});

test('the doctor page shows one satisfaction figure with its count, and when its numbers were read', async ({ page, request }) => {
  const code = 'D100001';
  const ratio = await api<{ ReturnObject: { Total: number; SatisfiedRate: number } }>(request, 'TW_Evaluate/GetEvaluateRatio', { AppointmentCode: code, Source: '0' });
  const { Total, SatisfiedRate } = ratio.Result.ReturnObject;
  await page.goto(`/doctordetail/${code}`);
  const rate = String(SatisfiedRate).replace('.', '\\.');
  const head = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) }).first();
  await expect(head).toContainText(new RegExp(`满意度\\s*${rate}%\\s*${Total}条评价`));
  await expect(page.getByText(/好评率/)).toHaveCount(0);
  // The figure is said once: the reviews say how it is counted, not a second number.
  const reviews = page.getByRole('region', { name: '患者评价' });
  await expect(reviews).toContainText(`满意度＝${Total}条门诊评价中“满意”所占比例`);
  await expect(reviews).not.toContainText(`${SatisfiedRate}%`);
  const html = await (await page.request.get(`/doctordetail/${code}`)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const physician = blocks.find((b) => b['@type'] === 'Physician') as { aggregateRating?: { ratingValue: number; ratingCount: number } } | undefined;
  expect(physician?.aggregateRating).toMatchObject({ ratingValue: SatisfiedRate, ratingCount: Total });
  await expect(page.getByText(/^余号更新于/)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
});
