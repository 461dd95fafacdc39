/**
 * Booking after the click (docs/api.md "HIS_Register booking", "HIS_Register patients"): the journey of a
 * member who books for a family member — adds the 就诊人 with a real name and ID card, books a slot from
 * the doctor's page for her, pays, reads the appointment page (time, clinic, address, directions, fee,
 * 就诊须知), downloads the .ics, reschedules to another period of the same doctor, and after the visit
 * (the clinic marks it 已就诊 through the development aid Dev/MarkVisited) writes a review that the doctor's
 * page shows marked 已就诊患者. Plus the 就诊人 page's rules, the records that say whom each booking is for,
 * the demo member's seeded appointment, another member's appointment (404), and axe on the new pages.
 * Each journey registers its own member, so the spec runs again on the same database.
 *
 * The journey runs at a fixed clock, whatever the hour of the run: on a server of its own whose embedded
 * backend's clock starts at 23:59:30 China time (DEV_CLOCK, lib/backend/dev-clock.ts) and runs on, so the China
 * date turns during the journey (on an idle machine it booked at 23:59:55 and was marked 已就诊 at 00:00:00; a
 * slower run turns earlier). E2E_FIXED_CLOCK sets another instant, ahead of the real clock (the site counts
 * the backend's tokens on the real one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { demoDeployment, relaxedSmsLimits } from '../playwright.config';
import { idCardCheckChar } from '../lib/validation';
import { api, authed, registerFreshMember } from './auth-helpers';
import { DEMO, loginAs } from './support/members-session';

test.beforeEach(() => test.slow());

interface Slot {
  ScheduleID: string;
  Date: string;
  ShiftName: string;
  StartTime: string;
  EndTime: string;
  Remaining: number;
  BookState: string;
  DoctorName: string;
  PeriodStart: string;
}

/** A valid ID card (SPEC §5 checksum), random enough for one run. */
function freshIdCard(sex: 0 | 1 = 0): string {
  const digit = () => Math.floor(Math.random() * 10);
  const seq = `${digit()}${digit()}${sex === 1 ? 2 * Math.floor(Math.random() * 5) + 1 : 2 * Math.floor(Math.random() * 5)}`;
  const first17 = `530102195${digit()}0${1 + Math.floor(Math.random() * 9)}1${digit()}${seq}`;
  return first17 + idCardCheckChar(first17);
}


/** A doctor with at least two open periods two or more days ahead, and those periods. */
async function doctorWithOpenSlots(request: APIRequestContext, skip = 0): Promise<{ code: string; slots: Slot[] }> {
  let found = 0;
  for (let n = 1; n <= 120; n++) {
    const code = `D${100000 + n}`;
    const r = await api<{ DataList: { Shifts: Slot[] }[] }>(request, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: code });
    if (r.ErrorNo !== 1) continue;
    const slots = r.Result.DataList.slice(2).flatMap((d) => d.Shifts).filter((s) => s.BookState === 'open' && s.Remaining > 1);
    if (slots.length >= 2 && found++ === skip) return { code, slots };
  }
  throw new Error('no doctor with two open periods');
}

const remaining = async (request: APIRequestContext, id: string) =>
  (await api<Slot>(request, 'HIS_Register/GetScheduleSlot', { ScheduleID: id })).Result.Remaining;

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The coming 23:59:30 China time: a fixed wall clock half a minute before the date turns, ahead of the real clock. */
function justBeforeChinaMidnight(now = Date.now()): string {
  const china = new Date(now + CHINA_OFFSET_MS);
  let at = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate(), 23, 59, 30) - CHINA_OFFSET_MS;
  if (at <= now) at += 24 * 60 * 60 * 1000;
  return new Date(at).toISOString();
}

/**
 * A `next start` of this build on a database of its own, its backend's clock started at `clock`. It runs from a
 * folder of links to this project whose `.next` has a `cache` of its own: Next keeps its data cache under
 * `.next/cache`, and the suite's server reads a doctor's schedule on its clock into the same keys.
 */
function startFixedClockServer(port: number, clock: string, dir: string): ChildProcess {
  const root = process.cwd();
  for (const entry of fs.readdirSync(root)) {
    if (entry !== '.next') fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  fs.mkdirSync(path.join(dir, '.next', 'cache'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(root, '.next'))) {
    if (entry !== 'cache') fs.symlinkSync(path.join(root, '.next', entry), path.join(dir, '.next', entry));
  }
  const database = path.resolve((process.env.DATABASE_PATH || '.data/e2e.db').replace(/(\.db)?$/, '-fixed-clock.db'));
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
  // The server's output beside its database, for a failed run to read.
  const log = fs.openSync(database.replace(/\.db$/, '.log'), 'w');
  return spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_PATH: database,
      SITE_URL: `http://127.0.0.1:${port}`,
      REQUEST_LOG: '0',
      ...relaxedSmsLimits,
      ...demoDeployment,
      DEV_CLOCK: clock,
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
}

test.describe('at a fixed clock', () => {
  const port = Number(process.env.E2E_FIXED_CLOCK_PORT || Number(process.env.E2E_PORT || 3100) + 51);
  const origin = `http://127.0.0.1:${port}`;
  const clock = process.env.E2E_FIXED_CLOCK || justBeforeChinaMidnight();
  let dir: string | undefined;
  let server: ChildProcess | undefined;
  let started = 0;
  test.use({ baseURL: origin });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(240_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-fixed-clock-'));
    started = Date.now();
    server = startFixedClockServer(port, clock, dir);
    const probe = await playwright.request.newContext({ baseURL: origin });
    await expect
      .poll(async () => (await probe.get('/').catch(() => null))?.status() ?? 0, { timeout: 200_000 })
      .toBe(200);
    // The backend's today is the fixed clock's China date, or the next one once midnight has passed.
    const schedule = await api<{ DataList: { Date: string }[] }>(probe, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: 'D100001' });
    const day = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
    expect([day(Date.parse(clock)), day(Date.parse(clock) + 24 * 60 * 60 * 1000)]).toContain(schedule.Result.DataList[0]!.Date);
    await probe.dispose();
  });

  test.afterAll(() => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    // Links and the server's own data cache: removing them leaves the project as it was.
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('book for a 就诊人 → appointment page → .ics → reschedule → 已就诊 (dev aid) → the review shows on the doctor page', async ({ page, context, request }) => {
    test.setTimeout(300_000);
    const member = await registerFreshMember(request, '周建华');
    const tokens = await loginAs(context, request, member);
    const { code, slots } = await doctorWithOpenSlots(request);
    const [first, second] = [slots[0]!, slots[slots.length - 1]!];

    // From the doctor's page to the slot; the holder has no ID card on file and no 就诊人 yet.
    await page.goto(`/doctordetail/${code}`);
    await page.getByRole('link', { name: new RegExp(`^预约 \\S+ ${first.Date} ${first.ShiftName} ${first.StartTime}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/booking\\?slot=${first.ScheduleID}$`));
    await expect(page.getByRole('main').getByRole('alert')).toContainText('挂号实行实名制');
    await expect(page.getByRole('button', { name: '确认预约' })).toHaveCount(0);
    await page.getByRole('link', { name: '添加就诊人' }).click();

    // The 就诊人 page: a wrong check digit is refused with a Chinese message, nothing is lost.
    await expect(page.getByRole('heading', { level: 1, name: '就诊人管理' })).toBeVisible();
    const form = page.getByRole('form', { name: '添加就诊人' });
    const idCard = freshIdCard(0);
    await form.getByLabel('姓名').fill('周秀英');
    await form.getByLabel('与本人关系').selectOption('父母');
    await form.getByLabel('身份证号').fill(idCard.slice(0, 17) + (idCard[17] === '1' ? '2' : '1'));
    await form.getByLabel('手机号').fill('13812345678');
    await form.getByRole('button', { name: '添加就诊人' }).click();
    await expect(form.getByRole('alert').filter({ hasText: '身份证号校验位不正确，请核对' })).toBeVisible();
    await expect(form.getByLabel('姓名')).toHaveValue('周秀英');
    await form.getByLabel('身份证号').fill(idCard);
    await expect(form.getByText(/^已识别：195\d-\d{2}-\d{2}，女，\d+岁$/)).toBeVisible();
    await form.getByRole('button', { name: '添加就诊人' }).click();
    const added = page.getByRole('status').filter({ hasText: '已添加就诊人周秀英' });
    await expect(added).toBeVisible();
    await expect(page.getByRole('list', { name: '就诊人列表' })).toContainText(`${idCard.slice(0, 6)}********${idCard.slice(-4)}`);
    await added.getByRole('link', { name: '返回预约' }).click();

    // Book for her: she is the 就诊人 chosen; pay; the receipt number stays and leads to the appointment page.
    await expect(page).toHaveURL(new RegExp(`/booking\\?slot=${first.ScheduleID}$`));
    await expect(page.getByRole('radio', { name: /周秀英（父母）/ })).toBeChecked();
    const before = await remaining(request, first.ScheduleID);
    await page.getByRole('button', { name: '确认预约' }).click();
    const submitted = page.getByRole('status').filter({ hasText: '预约已提交' });
    await expect(submitted).toContainText('就诊人：周秀英');
    const registerNo = /预约单号 (R\w+)/.exec(await submitted.innerText())![1]!;
    // Booked on the fixed clock: no earlier than it, no later than it plus the real time the server has run.
    const booked = await authed<{ CreateTime: string }>(request, tokens.accessToken, 'HIS_Register/GetRegister', { RegisterNo: registerNo });
    const bookedAt = Date.parse(booked.Result.CreateTime);
    expect(bookedAt).toBeGreaterThanOrEqual(Date.parse(clock));
    expect(bookedAt).toBeLessThanOrEqual(Date.parse(clock) + (Date.now() - started));
    // The tests pay with the simulated provider, and the button says so (docs/operations.md).
    await page.getByRole('button', { name: /^模拟支付 ￥/ }).click();
    const paid = page.getByRole('status').filter({ hasText: '支付成功' });
    await expect(paid).toContainText(`预约单号 ${registerNo}`);
    await paid.getByRole('link', { name: /查看预约详情/ }).click();

    // The appointment page: everything to get there, in the first HTML.
    await expect(page).toHaveURL(`/dRecord/registration/${registerNo}`);
    await expect(page.getByRole('heading', { level: 1, name: '预约详情' })).toBeVisible();
    const info = page.getByRole('region', { name: '预约信息' });
    await expect(info).toContainText(registerNo);
    await expect(info).toContainText(/周秀英（父母） 身份证 530102\*{8}\d{3}[\dX]/);
    await expect(info).toContainText(`${first.Date} 周`);
    await expect(info).toContainText(`${first.ShiftName} ${first.StartTime}-${first.EndTime}`);
    await expect(info).toContainText(/已支付 ￥\d+/);
    await expect(info.getByRole('link', { name: first.DoctorName })).toBeVisible();
    await expect(info.getByText(/^地址$/)).toBeVisible();
    await expect(page.getByRole('region', { name: '到院路线' }).getByRole('link', { name: /高德地图/ })).toBeVisible();
    await expect(page.getByRole('region', { name: '就诊须知' })).toContainText('携带就诊人身份证或医保卡');
    const html = await (await page.request.get(`/dRecord/registration/${registerNo}`)).text();
    expect(html).toContain('周秀英');
    expect(html).toContain('就诊须知');
    expect(await remaining(request, first.ScheduleID)).toBe(before - 1);

    // The .ics: a calendar file at the period's China wall clock.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '添加到日历（.ics）' }).click()]);
    expect(download.suggestedFilename()).toBe(`圣爱中医预约-${registerNo}.ics`);
    const ics = fs.readFileSync((await download.path())!, 'utf8');
    expect(ics).toContain(`DTSTART;TZID=Asia/Shanghai:${first.Date.replace(/-/g, '')}T${first.StartTime.replace(':', '')}00`);
    expect(ics).toContain(`DTEND;TZID=Asia/Shanghai:${first.Date.replace(/-/g, '')}T${first.EndTime.replace(':', '')}00`);
    expect(ics.replace(/\r\n /g, '')).toContain('就诊人 周秀英');
    const file = await page.request.get(`/dRecord/registration/${registerNo}/appointment.ics`);
    expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');

    // Reschedule to another period of the same doctor: the old number returns as the new one is held.
    const reschedule = page.getByRole('region', { name: '改约' });
    const secondBefore = await remaining(request, second.ScheduleID);
    await reschedule.getByRole('radio', { name: new RegExp(`${second.Date}.*${second.ShiftName} ${second.StartTime}`) }).check();
    await reschedule.getByRole('button', { name: '确认改约' }).click();
    await expect(reschedule.getByRole('status')).toContainText(`已改约至 ${second.Date} ${second.ShiftName} ${second.StartTime}-${second.EndTime}`);
    await expect(info).toContainText(`${second.ShiftName} ${second.StartTime}-${second.EndTime}`);
    await expect(info).toContainText(`已由 ${first.Date} ${first.ShiftName} ${first.StartTime}-${first.EndTime} 改约至当前时间`);
    expect(await remaining(request, first.ScheduleID)).toBe(before);
    expect(await remaining(request, second.ScheduleID)).toBe(secondBefore - 1);

    // The visit: the clinic marks it 已就诊 (development aid); the page offers the review.
    expect((await api(request, 'Dev/MarkVisited', { RegisterNo: registerNo })).ErrorNo).toBe(1);
    await page.reload();
    await expect(page.getByText('已就诊', { exact: true })).toBeVisible();
    const review = page.getByRole('region', { name: '就诊评价' });
    await review.getByRole('button', { name: '提交评价' }).click();
    await expect(review.getByRole('alert').filter({ hasText: '请选择评分（1到5星）' })).toBeVisible();
    const text = `周医生看诊细致，母亲的失眠调理两周明显好转。${registerNo.slice(-4)}`;
    await review.getByLabel('评价内容').fill(text);
    // The radio is visually hidden behind its star: a person clicks the star, its label.
    await review.locator('label').filter({ has: page.getByRole('radio', { name: '5星 非常满意' }) }).click();
    await expect(review.getByRole('radio', { name: '5星 非常满意' })).toBeChecked();
    await review.getByRole('button', { name: '提交评价' }).click();
    await expect(review.getByText(text)).toBeVisible();
    await expect(review).toContainText('5星 · 非常满意');

    // The doctor's page shows it among the evaluations, marked 已就诊患者.
    await page.goto(`/doctordetail/${code}#evaluations`);
    const item = page.getByRole('listitem').filter({ hasText: text });
    await expect(item).toContainText('已就诊患者');
    await expect(item).toContainText('周**');
    await expect(item).toContainText('5星');

    // The records say whom the booking was for, and that it was reviewed.
    await page.goto('/dRecord/registration');
    const row = page.getByRole('table', { name: '挂号记录' }).locator('tbody tr').filter({ hasText: second.Date }).first();
    await expect(row).toContainText('周秀英');
    await expect(row).toContainText('父母');
    await expect(row).toContainText('已评价');
  });
});

test('the 就诊人 page: edit keeps the ID card unless a new one is typed; a 就诊人 with a booking to come cannot be removed; the others can', async ({ page, context, request }) => {
  const member = await registerFreshMember(request, '吴明');
  const tokens = await loginAs(context, request, member);
  const [a, b] = [freshIdCard(1), freshIdCard(0)];
  for (const [name, relation, id] of [['吴小宝', '子女', a], ['陈丽', '配偶', b]] as const) {
    const r = await authed(request, tokens.accessToken, 'HIS_Register/AddPatient', { Name: name, Relation: relation, IDCard: id, Phone: '13900001111' });
    expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  }
  const list = await authed<{ DataList: { PatientID: number; Name: string }[] }>(request, tokens.accessToken, 'HIS_Register/GetPatientList', {});
  const child = list.Result.DataList.find((p) => p.Name === '吴小宝')!;
  const { slots } = await doctorWithOpenSlots(request, 1);
  const booked = await authed(request, tokens.accessToken, 'HIS_Register/BookRegister', { ScheduleID: slots[0]!.ScheduleID, IdempotencyKey: `e2e-p-${Date.now()}`, PatientID: String(child.PatientID) });
  expect(booked.ErrorNo, booked.ErrorInfo).toBe(1);

  await page.goto('/dRecord/patients');
  const items = page.getByRole('list', { name: '就诊人列表' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(page.getByText('本人身份证号未登记')).toBeVisible();
  const childCard = items.filter({ hasText: '吴小宝' });
  await expect(childCard).toContainText('有待就诊的预约，暂不能删除');
  await expect(childCard.getByRole('button', { name: /删除/ })).toHaveCount(0);

  await childCard.getByRole('button', { name: /^编辑\s?吴小宝$/ }).click();
  const form = page.getByRole('form', { name: '编辑就诊人：吴小宝' });
  await form.getByLabel('手机号').fill('1390000');
  await form.getByRole('button', { name: '保存修改' }).click();
  await expect(form.getByRole('alert').filter({ hasText: '请输入11位手机号' })).toBeVisible();
  await form.getByLabel('手机号').fill('13900002222');
  await form.getByRole('button', { name: '保存修改' }).click();
  await expect(page.getByRole('status').filter({ hasText: '就诊人信息已保存' })).toBeVisible();
  await expect(childCard).toContainText('13900002222');
  await expect(childCard).toContainText(`${a.slice(0, 6)}********${a.slice(-4)}`);

  const spouse = items.filter({ hasText: '陈丽' });
  await spouse.getByRole('button', { name: /^删除\s?陈丽$/ }).click();
  const dialog = page.getByRole('dialog', { name: '删除就诊人？' });
  await expect(dialog).toContainText('已有的挂号记录保留');
  await dialog.getByRole('button', { name: '确认删除' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已删除就诊人陈丽' })).toBeVisible();
  await expect(items).toHaveCount(1);
});

test('the demo member’s seeded appointment is for her mother; another member’s appointment is a 404', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.rich);
  await page.goto('/dRecord/registration/RVIP0001-002');
  await expect(page.getByRole('region', { name: '预约信息' })).toContainText('张秀兰（父母）');
  await expect(page.getByText('已预约', { exact: true })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await context.clearCookies();
  await loginAs(context, request, DEMO.other);
  const response = await page.goto('/dRecord/registration/RVIP0001-002');
  expect(response!.status()).toBe(404);
  await expect(page.getByText('张秀兰')).toHaveCount(0);
  const ics = await page.request.get('/dRecord/registration/RVIP0001-002/appointment.ics');
  expect(ics.status()).toBe(404);
  expect(await ics.text()).not.toContain('BEGIN:VCALENDAR');
});
