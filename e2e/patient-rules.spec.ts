/**
 * The rules a hospital keeps about 就诊人, each refused in the browser with its Chinese message that says what
 * to do instead (docs/api.md "HIS_Register patients", "HIS_Register booking"; docs/security.md "就诊人"):
 * one person at one place per half-day; 中医妇科 and 中医儿科 offer only the 就诊人 they see and say why not
 * the others; one ID card is one person across accounts (another name: 姓名与身份证号不一致, nothing about the
 * other account), and the same person on a second account needs their consent, a code sent to their phone;
 * the 就诊人 page says, shows and enforces one limit. Each test registers its own members, so the spec runs
 * again on the same database.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { idCardCheckChar } from '../lib/validation';
import { api, authed, freshPhone, latestSmsCode, registerFreshMember } from './auth-helpers';
import { loginAs } from './support/members-session';

test.beforeEach(() => test.slow());

interface Slot {
  ScheduleID: string;
  Date: string;
  ShiftName: string;
  BookState: string;
  Remaining: number;
}

const digit = () => Math.floor(Math.random() * 10);

/** A valid ID card (SPEC §5) born in `year`, of the given sex, random enough for one run. */
function idCard(year: number, sex: 0 | 1): string {
  const seq = `${digit()}${digit()}${sex === 1 ? 2 * Math.floor(Math.random() * 5) + 1 : 2 * Math.floor(Math.random() * 5)}`;
  const first17 = `530102${year}0${1 + Math.floor(Math.random() * 9)}1${digit()}${seq}`;
  return first17 + idCardCheckChar(first17);
}


/** A fresh member logged in in the browser; with `own`, their ID card is on file (本人 is a 就诊人). */
async function freshMember(context: import('@playwright/test').BrowserContext, request: APIRequestContext, name: string, own?: string) {
  const m = await registerFreshMember(request, name);
  const tokens = await loginAs(context, request, m);
  if (own) {
    const r = await authed(request, tokens.accessToken, 'VIP_Member/UpdateVipinformation', { VipName: name, IDCard: own });
    expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  }
  return { ...m, token: tokens.accessToken };
}

/** Open slots of a doctor two or more days ahead (far from any cut-off). */
async function openSlots(request: APIRequestContext, code: string): Promise<Slot[]> {
  const r = await api<{ DataList: { Shifts: Slot[] }[] }>(request, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: code });
  expect(r.ErrorNo).toBe(1);
  return r.Result.DataList.slice(2)
    .flatMap((d) => d.Shifts)
    .filter((s) => s.BookState === 'open' && s.Remaining > 1);
}

/** The clinic of a slot: the last part of its ScheduleID (lib/contract parseScheduleId). */
const clinicOf = (scheduleId: string) => scheduleId.split('-').at(-1)!;

const key = () => `e2e-pr-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test('one 就诊人 at one place per half-day: a second clinic in the same half-day is refused, naming the first booking', async ({ page, context, request }) => {
  // Two 中医内科 doctors of different clinics with an open slot in the same half-day.
  let pair: [Slot, Slot] | null = null;
  const first = await openSlots(request, 'D100001');
  for (let n = 2; n <= 40 && !pair; n++) {
    for (const s of await openSlots(request, `D${100000 + n}`)) {
      const same = first.find((f) => f.Date === s.Date && f.ShiftName === s.ShiftName && clinicOf(f.ScheduleID) !== clinicOf(s.ScheduleID));
      if (same) {
        pair = [same, s];
        break;
      }
    }
  }
  expect(pair, 'two clinics open in one half-day').not.toBeNull();
  const [a, b] = pair!;
  const member = await freshMember(context, request, '孙立平', idCard(1968, 1));
  const booked = await authed<{ RegisterNo: string; HospitalName: string }>(request, member.token, 'HIS_Register/BookRegister', {
    ScheduleID: a.ScheduleID,
    IdempotencyKey: key(),
    PatientID: '0',
  });
  expect(booked.ErrorNo, booked.ErrorInfo).toBe(1);

  await page.goto(`/booking?slot=${b.ScheduleID}`);
  await expect(page.getByRole('radio', { name: /孙立平（本人）/ })).toBeChecked();
  await page.getByRole('button', { name: '确认预约' }).click();
  const refusal = page.getByRole('main').getByRole('alert');
  await expect(refusal).toContainText(`孙立平已预约${a.Date} ${a.ShiftName}`);
  await expect(refusal).toContainText(booked.Result.HospitalName);
  await expect(refusal).toContainText(`预约单号${booked.Result.RegisterNo}`);
  await expect(refusal).toContainText('同一半天只能在一处就诊：请选择其他半天，或先取消那笔预约');
  await expect(page.getByRole('status').filter({ hasText: '预约已提交' })).toHaveCount(0);
});

test('中医妇科 and 中医儿科 offer only the 就诊人 they see, and say why not the others', async ({ page, context, request }) => {
  // A man of 71 (本人) and his daughter of 41.
  const holderYear = new Date().getFullYear() - 71;
  await freshMember(context, request, '钱老汉', idCard(holderYear - 1, 1)).then(async (m) => {
    const r = await authed(request, m.token, 'HIS_Register/AddPatient', { Name: '钱小红', Relation: '子女', IDCard: idCard(1985, 0), Phone: '13900003333' });
    expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  });

  const gyn = (await openSlots(request, 'D100057'))[0]!;
  await page.goto(`/booking?slot=${gyn.ScheduleID}`);
  await expect(page.getByRole('radio', { name: /钱小红（子女）/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /钱老汉/ })).toHaveCount(0);
  const notGyn = page.getByRole('list', { name: '不能预约中医妇科的就诊人' });
  await expect(notGyn).toContainText('钱老汉（本人）：中医妇科仅接诊女性患者，该就诊人不能预约：请为女性就诊人预约，或选择中医内科等其他科室');

  const paed = (await openSlots(request, 'D100101'))[0]!;
  await page.goto(`/booking?slot=${paed.ScheduleID}`);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '确认预约' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('您的就诊人中没有可预约中医儿科的人');
  const notPaed = page.getByRole('list', { name: '不能预约中医儿科的就诊人' });
  await expect(notPaed.getByRole('listitem')).toHaveCount(2);
  await expect(notPaed).toContainText(/钱小红（子女）：中医儿科仅接诊就诊当天未满14周岁的儿童，该就诊人就诊时4\d岁：请选择中医内科等成人科室/);
  await expect(notPaed).toContainText(/钱老汉（本人）：中医儿科仅接诊就诊当天未满14周岁的儿童，该就诊人就诊时7\d岁/);
});

test('one ID card is one person: another name is refused without a word about the other account; the same person needs their SMS consent', async ({ page, context, request }) => {
  // Account A has 刘建军 as a 就诊人, with his phone on file.
  const card = idCard(1962, 1);
  const hisPhone = freshPhone();
  const a = await registerFreshMember(request, '刘芳');
  const aTokens = await api<{ access_token: string }>(request, 'AuthenticationCenter/PcPwdLogin', { Phone: a.phone, Password: a.password });
  const added = await authed(request, aTokens.Result.access_token, 'HIS_Register/AddPatient', { Name: '刘建军', Relation: '父母', IDCard: card, Phone: hisPhone });
  expect(added.ErrorNo, added.ErrorInfo).toBe(1);

  // Account B tries the same number.
  await freshMember(context, request, '钱文');
  await page.goto('/dRecord/patients');
  const form = page.getByRole('form', { name: '添加就诊人' });
  await form.getByLabel('姓名').fill('钱建华');
  await form.getByLabel('与本人关系').selectOption('父母');
  await form.getByLabel('身份证号').fill(card);
  // A phone that is no mobile number is refused first.
  await form.getByLabel('手机号').fill('00000000000');
  await form.getByRole('button', { name: '添加就诊人' }).click();
  await expect(form.getByRole('alert').filter({ hasText: '请输入有效的手机号（以13–19开头的11位号码）' })).toBeVisible();
  await form.getByLabel('手机号').fill('13900004444');
  await form.getByRole('button', { name: '添加就诊人' }).click();
  await expect(form.getByRole('alert').filter({ hasText: '姓名与身份证号不一致，请核对后重新输入（须与身份证上的姓名一致）' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('刘建军');
  await expect(page.getByRole('main')).not.toContainText(hisPhone.slice(-4));
  await expect(form.getByLabel('本人同意验证码')).toHaveCount(0);

  // Under his own name: consent is asked for, by a code sent to his phone on file (never shown).
  await form.getByLabel('姓名').fill('刘建军');
  await form.getByRole('button', { name: '添加就诊人' }).click();
  await expect(form.getByRole('alert').filter({ hasText: '该就诊人需本人同意后才能添加' })).toBeVisible();
  const consent = form.getByLabel('本人同意验证码');
  await expect(consent).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(hisPhone.slice(-4));
  const code = await latestSmsCode(request, hisPhone);
  await consent.fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: '添加就诊人' }).click();
  await expect(form.getByRole('alert').filter({ hasText: /验证码错误/ }).first()).toBeVisible();
  await consent.fill(code);
  await form.getByRole('button', { name: '添加就诊人' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已添加就诊人刘建军' })).toBeVisible();
  await expect(page.getByRole('list', { name: '就诊人列表' })).toContainText('刘建军');
});

test('the 就诊人 page says 最多5位，含本人, shows at most 5 and enforces it, also when the holder registers their own card', async ({ page, context, request }) => {
  const m = await freshMember(context, request, '郑多');
  for (const [i, name] of ['郑一', '郑二', '郑三', '郑四', '郑五'].entries()) {
    const r = await authed(request, m.token, 'HIS_Register/AddPatient', { Name: name, Relation: '子女', IDCard: idCard(1990 + i, 1), Phone: '13900005555' });
    expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  }
  const sixth = await authed(request, m.token, 'HIS_Register/AddPatient', { Name: '郑六', Relation: '子女', IDCard: idCard(1996, 1), Phone: '13900005555' });
  expect(sixth.ErrorInfo).toBe('每个账号最多5位就诊人（含本人），请先删除不再需要的就诊人');

  await page.goto('/dRecord/patients');
  await expect(page.getByText('最多5位，含本人')).toBeVisible();
  await expect(page.getByRole('list', { name: '就诊人列表' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText('已达5位就诊人上限（含本人），如需添加请先删除不再需要的就诊人。')).toBeVisible();
  await expect(page.getByRole('button', { name: /^添加就诊人/ })).toHaveCount(0);

  // Registering the holder's own card would make a sixth: refused with what to do.
  await page.goto('/modifyInfor');
  await page.getByLabel('身份证号').fill(idCard(1970, 1));
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.locator('form').getByText('就诊人已满5位（含本人）：登记本人身份证号后本人也是就诊人，请先在“就诊人管理”中删除一位')).toBeVisible();
  await page.goto('/dRecord/patients');
  await expect(page.getByRole('list', { name: '就诊人列表' }).getByRole('listitem')).toHaveCount(5);
});
