/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads raw wire JSON */
/**
 * Demo content a patient would trust (docs/content.md), read through the public API as a visitor's page
 * reads it: points of 10000 or more in 万 (SPEC §9) wherever the words show them, one hotline, and doctors'
 * words written per doctor (seed/doctor-words.ts): no question or review twice on a doctor, question titles
 * distinct across the site, every doctor with at least two answered questions, and a bio of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { mp4Seconds } from '@/test/mp4';
import { siteConfig } from '../../site-config';
import { createBackend, type Backend } from '../router';
import { QUESTION_TOPICS } from './doctor-words-data';

let backend: Backend;

async function ok(apiPath: string, fields: Record<string, string> = {}) {
  const res = await backend.handle(new Request(`http://x/api/${apiPath}`, { method: 'POST', body: new URLSearchParams(fields) }));
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: any };
  expect(body.ErrorNo, `${apiPath}: ${body.ErrorInfo}`).toBe(1);
  return body.Result;
}

beforeAll(() => {
  backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('content-trust-test-secret-0123456789ab'), log: () => {} });
});
afterAll(() => backend.db.close());

/** A points figure of 10000 or more written out in digits next to 积分/分 (SPEC §9 wants 万). */
const RAW_POINTS = /(\d{5,})\s*(?:积分|分)|积分[^\d，。；<]{0,6}?(\d{5,})/g;

describe('points in 万 (SPEC §9)', () => {
  it('no goods text, member right, card level or agreement writes 10000 points or more in digits', async () => {
    const goods = (await ok('PointsMall/GetPointsMallList', { PageSize: '60' })).DataList as any[];
    expect(goods.some((g) => g.Points >= 10000), 'goods of 10000+ points are seeded').toBe(true);
    const texts: [string, string][] = [];
    for (const g of goods) {
      const one = await ok('PointsMall/GetPointsMallBySN', { SN: g.GoodsSN });
      texts.push([`${g.GoodsSN} summary`, one.Summary], [`${g.GoodsSN} description`, one.Description]);
    }
    const rights = await ok('VIP_Member/GetSysMemberRightsList');
    for (const r of rights.DataList) texts.push([r.Title, `${r.Summary}${r.Content}${r.Levels.map((l: any) => l.Benefit).join('')}`]);
    for (const l of rights.CardLevels) texts.push([l.LevelName, `${l.Summary}${l.Discount}`]);
    for (const a of (await ok('SYS_Agreement/GetList')).DataList) texts.push([a.Title, (await ok('SYS_Agreement/GetSigin', { ID: String(a.AgreementID) })).Content]);

    const raw = texts.flatMap(([where, text]) => [...String(text).matchAll(RAW_POINTS)].map((m) => `${where}: ${m[0]}`));
    expect(raw).toEqual([]);
    // The 金卡 threshold and an 11800-point item read in 万.
    expect(rights.CardLevels.find((l: any) => l.ThresholdPoints === 20000).Summary).toContain('2万');
    const dear = goods.find((g) => g.Points === 11800);
    expect((await ok('PointsMall/GetPointsMallBySN', { SN: dear.GoodsSN })).Description).toContain('1.18万积分');
  });
});

/** Every page of a public list. */
async function all(apiPath: string, fields: Record<string, string> = {}): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const r = await ok(apiPath, { ...fields, PageIndex: String(page), PageSize: '100' });
    rows.push(...r.DataList);
    if (rows.length >= r.TotalCount || r.DataList.length === 0) return rows;
  }
}

/** A phone number as a text writes one: 400-871-6655, 0871-6511 8888, 0871-63126655. */
const PHONE = /(?<!\d)(?:400|0\d{2,3})[- ]?\d{3,4}[- ]?\d{4}(?!\d)/g;

describe('one hotline (docs/content.md)', () => {
  it('every number a visitor reads in the articles, help, rules and agreements is the hotline or a clinic\'s own', async () => {
    const clinicPhones = new Set((await all('TW_Org/GetOrgList')).map((c) => c.Phone as string));
    expect(clinicPhones.size).toBeGreaterThan(40);
    const texts: [string, string][] = [];
    for (const n of await all('News/GetNewList')) texts.push([`news ${n.ID}`, (await ok('News/GetNewDetail', { ID: String(n.ID) })).Content]);
    for (const h of (await ok('News/GetNewList', { type: '30', PageIndex: '1', PageSize: '1000' })).DataList) texts.push([`help ${h.Title}`, h.Content]);
    for (const a of (await ok('SYS_Agreement/GetList')).DataList) texts.push([a.Title, (await ok('SYS_Agreement/GetSigin', { ID: String(a.AgreementID) })).Content]);
    for (const r of (await ok('VIP_Member/GetSysMemberRightsList')).DataList) texts.push([r.Title, r.Content]);
    expect(texts.length).toBeGreaterThan(100);

    const numbers = texts.flatMap(([where, text]) => [...String(text).matchAll(PHONE)].map((m) => [where, m[0]] as const));
    const foreign = numbers.filter(([, n]) => n !== siteConfig.contact.hotline && !clinicPhones.has(n)).map(([w, n]) => `${w}: ${n}`);
    expect(foreign).toEqual([]);
    // The hotline is really given where people look for it: the service rules and the help on complaints.
    expect(numbers.filter(([, n]) => n === siteConfig.contact.hotline).length).toBeGreaterThan(10);
    expect(texts.find(([w]) => w === '会员服务条款')![1]).toContain(siteConfig.contact.hotline);
  });
});

describe("doctors' words (docs/content.md)", () => {
  const byDoctor = <T extends { DoctorID: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.DoctorID, [...(map.get(r.DoctorID) ?? []), r]);
    return map;
  };

  it('questions: at least 90 % of titles distinct site-wide, none twice on a doctor, every doctor with two answered', async () => {
    const doctors = await all('TW_User/GetDoctorPageList');
    const questions = await all('IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode');
    const ratio = new Set(questions.map((q) => q.Title)).size / questions.length;
    console.info(`questions: ${questions.length}, distinct titles ${new Set(questions.map((q) => q.Title)).size} (${(ratio * 100).toFixed(1)} %)`);
    expect(ratio).toBeGreaterThanOrEqual(0.9);

    const asked = byDoctor(questions);
    const answeredCounts: number[] = [];
    for (const d of doctors) {
      const mine = asked.get(d.DoctorID) ?? [];
      const answered = mine.filter((q) => q.QuestionType === 0 && q.IsReply === 1);
      answeredCounts.push(answered.length);
      expect(answered.length, `${d.DoctorName} (${d.AppointmentCode}) answered questions`).toBeGreaterThanOrEqual(2);
      for (const field of ['Title', 'Content', 'ReplyContent'] as const) {
        const texts = answered.map((q) => q[field] as string);
        expect(new Set(texts).size, `${d.DoctorName}: a ${field} twice`).toBe(texts.length);
      }
      // A question is about an illness the doctor treats (擅长), in the patient's words.
      const treats = String(d.GoodAt).split(',');
      const complaints = treats.flatMap((s) => QUESTION_TOPICS[s]?.complaints ?? [s]);
      for (const q of mine) expect(complaints.some((c) => q.Title.includes(c)), `${q.Title} → ${d.DoctorName} (${treats.join('、')})`).toBe(true);
    }
    console.info(`answered questions per doctor: min ${Math.min(...answeredCounts)}, max ${Math.max(...answeredCounts)}`);
  });

  it('reviews: no review text twice on a doctor', async () => {
    // Both sources: a clinic visit's reviews and an online consultation's show on the same doctor.
    const reviews = await all('TW_Evaluate/GetTW_EvaluateDetailsList', { HasContent: '1', Source: '0' });
    const online = await all('TW_Evaluate/GetTW_EvaluateDetailsList', { HasContent: '1', Source: '1' });
    let largest = 0;
    const repeats: string[] = [];
    for (const [doctorId, rows] of byDoctor([...reviews, ...online].filter((r) => r.DoctorID))) {
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(r.Content, (counts.get(r.Content) ?? 0) + 1);
      for (const [text, n] of counts) {
        largest = Math.max(largest, n);
        if (n > 1) repeats.push(`${doctorId}: ${text} ×${n}`);
      }
    }
    console.info(`reviews with text: ${reviews.length + online.length}; largest repeat count of one text on one doctor: ${largest}`);
    expect(reviews.length).toBeGreaterThan(1000);
    expect(repeats).toEqual([]);
  });

  it('bios: one per doctor, written from their own facts, naming no one, with a sentence in their own voice', async () => {
    const doctors = await all('TW_User/GetDoctorPageList');
    const bios: string[] = [];
    const voices = new Map<string, number>();
    for (const d of doctors) {
      const bio = (await ok('TW_User/GetDoctorSingle', { AppointmentCode: d.AppointmentCode })).ReturnObject.Introduction as string;
      bios.push(bio);
      expect(bio, d.DoctorName).not.toContain(d.DoctorName);
      expect(bio, d.DoctorName).toContain(d.DoctorTitle);
      expect(bio, d.DoctorName).toMatch(/\d+年/);
      expect(bio, d.DoctorName).toMatch(/大学/);
      const voice = /“([^”]+)”/.exec(bio)?.[1];
      expect(voice, `${d.DoctorName}: a sentence in their own voice`).toBeTruthy();
      voices.set(voice!, (voices.get(voice!) ?? 0) + 1);
    }
    expect(new Set(bios).size).toBe(bios.length);
    // Varied, not one template: no sentence of their own is said by more than one doctor in ten.
    const mostShared = Math.max(...voices.values());
    console.info(`bios: ${bios.length} distinct; ${voices.size} different sentences in a doctor's own voice, the most shared by ${mostShared}`);
    expect(mostShared).toBeLessThanOrEqual(doctors.length / 10);
  });
});

describe('价格公示 (DD_DataBaseClient/GetPriceList)', () => {
  it('gives the registration fee of every title as the doctors charge it, and the prices of the services the site offers', async () => {
    const prices = await ok('DD_DataBaseClient/GetPriceList');
    const doctors = await all('TW_User/GetDoctorPageList');
    const titles = [...new Set(doctors.map((d) => d.DoctorTitle as string))];
    expect(prices.RegisterFees.map((f: any) => f.Title).sort()).toEqual(titles.sort());
    for (const d of doctors) {
      const fee = prices.RegisterFees.find((f: any) => f.Title === d.DoctorTitle);
      expect(d.RegisterFee, `${d.DoctorName} ${d.DoctorTitle}`).toBeGreaterThanOrEqual(fee.MinFee);
      expect(d.RegisterFee, `${d.DoctorName} ${d.DoctorTitle}`).toBeLessThanOrEqual(fee.MaxFee);
    }
    expect(prices.RegisterFees[0].Title).toBe('主任医师');
    const names = prices.DataList.map((i: any) => i.Name as string).join('、');
    for (const service of ['针刺', '推拿', '小儿推拿', '艾灸', '拔罐', '三伏贴', '中药代煎', '膏方']) expect(names, service).toContain(service);
    for (const i of prices.DataList) expect(i.Price, i.Name).toBeGreaterThanOrEqual(0);
  });
});

describe('articles that say what their headings promise (docs/content.md)', () => {
  /** A heading that names an action, and what its first paragraph must then speak of. */
  const PROMISES: [heading: RegExp, speaks: RegExp][] = [
    [/预约/, /预约/],
    [/报名/, /报名/],
    [/申请/, /申请/],
    [/查阅|查询/, /查阅|查询|查看/],
    [/捐赠/, /捐赠/],
    [/(如何|怎样)参与|邀请我们|怎样参加/, /拨打|联系|报名|捐赠|预约/],
  ];

  it('no heading stands over nothing, and a heading that names an action is followed by it', async () => {
    const news = await all('News/GetNewList');
    const problems: string[] = [];
    for (const n of news) {
      const html = (await ok('News/GetNewDetail', { ID: String(n.ID) })).Content as string;
      const blocks = [...html.matchAll(/<(h2|p|ul)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => ({ tag: m[1]!, text: m[2]!.replace(/<[^>]*>/g, '') }));
      blocks.forEach((b, i) => {
        if (b.tag !== 'h2') return;
        const next = blocks[i + 1];
        if (!next || next.tag === 'h2') problems.push(`${n.Title}: “${b.text}” stands over nothing`);
        for (const [heading, speaks] of PROMISES) {
          if (heading.test(b.text) && next && !speaks.test(next.text)) problems.push(`${n.Title}: “${b.text}” is followed by “${next.text.slice(0, 24)}…”`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('拍方抓药 is done where the /batters page says, never on the website', async () => {
    const news = await all('News/GetNewList', { keyword: '拍方抓药' });
    expect(news.length).toBeGreaterThan(0);
    for (const n of news) {
      const text = ((await ok('News/GetNewDetail', { ID: String(n.ID) })).Content as string).replace(/<[^>]*>/g, '');
      expect(text, n.Title).toContain('微信服务号');
      expect(text, n.Title).not.toMatch(/官网[^。；]{0,20}(页面)?上传/);
    }
  });
});

describe('provinces', () => {
  it('every province the finders offer as a tab has clinics (no 共有 0 家门诊)', async () => {
    const provinces = (await ok('TW_Org/GetProvincetList')).DataList as any[];
    expect(provinces.length).toBeGreaterThan(1);
    for (const p of provinces) {
      expect(p.HospitalCount, p.ProvinceName).toBeGreaterThan(0);
      expect((await ok('TW_Org/GetOrgList', { ProvinceID: String(p.ProvinceID), PageSize: '1' })).TotalCount, p.ProvinceName).toBe(p.HospitalCount);
    }
  });
});

/** 1–99 in Chinese numerals or digits (六, 十五, 二十, 8). */
function chineseNumber(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const digits: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
  const [tens, ones] = text.includes('十') ? text.split('十') : ['', text];
  return (text.includes('十') ? (tens ? digits[tens]! : 1) * 10 : 0) + (ones ? digits[ones]! : 0);
}

describe('videos (docs/content.md)', () => {
  it('every video is as long as its clip, its title and its text say', async () => {
    const videos = (await ok('News/GetNewList', { type: '4', PageSize: '100' })).DataList as any[];
    expect(videos.length).toBeGreaterThan(3);
    const lengths: string[] = [];
    for (const v of videos) {
      const clip = mp4Seconds(fs.readFileSync(path.join(process.cwd(), 'public', v.VideoUrl)));
      lengths.push(`${v.Title} ${v.Duration}s`);
      expect(v.Duration, v.Title).toBeGreaterThanOrEqual(60);
      expect(Math.abs(clip - v.Duration), `${v.Title}: clip ${clip}s, stated ${v.Duration}s`).toBeLessThanOrEqual(1);
      // A title that promises minutes (每天十分钟) gets at least them.
      const promised = /([一二两三四五六七八九十\d]+)分钟/.exec(v.Title)?.[1];
      if (promised) expect(v.Duration, v.Title).toBeGreaterThanOrEqual(chineseNumber(promised) * 60);
      // The text gives the whole film's length (全长约六分钟) as it is.
      const text = ((await ok('News/GetNewDetail', { ID: String(v.ID) })).Content as string).replace(/<[^>]*>/g, '');
      for (const m of text.matchAll(/(?:全长|全片|视频|短片|宣传片)(?:全长)?约([一二两三四五六七八九十\d]+)分钟/g)) {
        expect(chineseNumber(m[1]!) * 60, `${v.Title}: “${m[0]}”`).toBe(v.Duration);
      }
    }
    console.info(`videos: ${lengths.join('; ')}`);
  });
});
