import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_GROUPS, NEWS_TYPES } from '../../news-types';
import { createBackend, type Backend } from '../router';
import { SANITIZER_PROOF_TITLE } from '../seed/content';
import { siteForwardHeaders } from '@/lib/security/client-address';
import { approveHotWord, hotWordQueue, HOT_WORD_QUEUE_MAX, looksLikeContact, withdrawHotWord } from './hot-words';

let dir: string;
let backend: Backend;
let clock = Date.UTC(2026, 10, 20, 8, 0, 0);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  backend = createBackend({
    dbPath: path.join(dir, 'site.db'),
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret'),
    now: () => new Date(clock),
    log: () => {},
  });
});
afterAll(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
async function call(apiPath: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await backend.handle(
    new Request(`http://x/api/${apiPath}`, { method: 'POST', body: new URLSearchParams(fields), headers }),
  );
  expect(res.status).toBeLessThan(500);
  return { status: res.status, ...((await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: Any }) };
}

describe('seed (docs/content.md)', () => {
  it('holds at least 120 news items across every type, and at least 12 help items in three groups', () => {
    const total = (backend.db.prepare('SELECT COUNT(*) AS n FROM news').get() as { n: number }).n;
    expect(total).toBeGreaterThanOrEqual(120);
    for (const type of Object.values(NEWS_TYPES)) {
      const n = (backend.db.prepare('SELECT COUNT(*) AS n FROM news WHERE Type = ?').get(type) as { n: number }).n;
      expect(n, `type ${type}`).toBeGreaterThan(0);
    }
    const groups = backend.db
      .prepare('SELECT ClassID, COUNT(*) AS n FROM news WHERE Type = 30 GROUP BY ClassID')
      .all() as { ClassID: number; n: number }[];
    expect(groups.map((g) => g.ClassID)).toEqual(HELP_GROUPS.map((g) => g.classId));
    expect(groups.reduce((s, g) => s + g.n, 0)).toBeGreaterThanOrEqual(12);
  });
});

describe('News', () => {
  it('GetNewList pages a type in SQL, newest first, top items first', async () => {
    const r = await call('News/GetNewList', { type: '1', PageIndex: '1', PageSize: '5' });
    expect(r.ErrorNo).toBe(1);
    expect(r.Result.DataList).toHaveLength(5);
    expect(r.Result.TotalCount).toBeGreaterThan(20);
    expect(r.Result.PageIndex).toBe(1);
    expect(r.Result.DataList[0].IsTop).toBe(1);
    const rest = r.Result.DataList.slice(1).map((x: Any) => x.PublishTime);
    expect([...rest].sort().reverse()).toEqual(rest);
    expect(r.Result.DataList.every((x: Any) => x.Type === 1 && x.TypeName === '圣爱动态' && !('Content' in x))).toBe(true);
    const p2 = await call('News/GetNewList', { type: '1', PageIndex: '2', PageSize: '5' });
    expect(p2.Result.DataList[0].ID).not.toBe(r.Result.DataList[0].ID);
  });

  it('GetNewList filters by keyword (wildcards literal), year and province', async () => {
    const k = await call('News/GetNewList', { keyword: '三伏贴' });
    expect(k.Result.TotalCount).toBeGreaterThan(1);
    expect(k.Result.DataList.every((x: Any) => `${x.Title}${x.Summary}`.includes('三伏贴'))).toBe(true);
    expect(k.Result.DataList.some((x: Any) => x.Type === 30)).toBe(false);
    expect((await call('News/GetNewList', { keyword: '%' })).Result.TotalCount).toBe(0);
    const years = await call('News/GetyearList', { type: '1' });
    expect(years.Result.DataList.length).toBeGreaterThanOrEqual(3);
    const year = years.Result.DataList[1].Year;
    const byYear = await call('News/GetNewList', { type: '1', Year: String(year), PageSize: '100' });
    expect(byYear.Result.TotalCount).toBeGreaterThan(0);
    expect(byYear.Result.DataList.every((x: Any) => x.PublishTime.startsWith(String(year)))).toBe(true);
    const guizhou = await call('News/GetNewList', { type: '1', ProciceID: '216', PageSize: '100' });
    expect(guizhou.Result.DataList.every((x: Any) => [0, 216].includes(x.ProvinceID))).toBe(true);
    expect(guizhou.Result.DataList.some((x: Any) => x.ProvinceID === 216)).toBe(true);
  });

  it('GetNewList type 30, page 1, size 1000 gives every help item ordered by group with content (SPEC §3, §9)', async () => {
    const r = await call('News/GetNewList', { type: '30', PageIndex: '1', PageSize: '1000' });
    const items = r.Result.DataList as Any[];
    expect(items.length).toBe(r.Result.TotalCount);
    expect(items.map((x) => x.ClassID)).toEqual([...items.map((x) => x.ClassID)].sort((a, b) => a - b));
    expect(items[0].Content).toContain('<p>');
    expect(items[0].GroupName).toBe('挂号问题');
  });

  it('GetNewDetail returns the item with its body and neighbours; unknown and mismatched ids are 404', async () => {
    const list = await call('News/GetNewList', { type: '7', PageSize: '3' });
    const id = list.Result.DataList[1].ID;
    const d = await call('News/GetNewDetail', { ID: String(id) });
    expect(d.ErrorNo).toBe(1);
    expect(d.Result.ID).toBe(id);
    expect(d.Result.Content).toContain('<h2>');
    expect(d.Result.Prev.ID).toBe(list.Result.DataList[0].ID);
    expect(d.Result.Next.ID).toBe(list.Result.DataList[2].ID);
    expect((await call('News/GetNewDetail', { ID: String(id), ClassID: '7' })).ErrorNo).toBe(1);
    expect((await call('News/GetNewDetail', { ID: String(id), ClassID: '1' })).ErrorNo).toBe(404);
    expect((await call('News/GetNewDetail', { ID: '999999' })).ErrorNo).toBe(404);
  });

  it('the sanitizer-proof article is seeded raw (the site sanitizes it)', async () => {
    const d = await call('News/GetNewDetail', { ID: '1' });
    expect(d.Result.Title).toBe(SANITIZER_PROOF_TITLE);
    expect(d.Result.Content).toContain('<script>alert(1)</script>');
    expect(d.Result.Content).toContain('onerror=alert(1)');
    expect(d.Result.Content).toContain('javascript:alert(1)');
  });

  it.each([
    ['News/GetNewDetail', {}],
    ['News/GetNewDetail', { ID: 'abc' }],
    ['News/GetNewDetail', { ID: '<script>' }],
    ['News/GetNewList', { type: '77' }],
    ['News/GetNewList', { PageSize: '5000' }],
    ['News/GetNewList', { keyword: 'x'.repeat(100_000) }],
    ['News/GetNewList', { PageIndex: '-1' }],
    ['News/GetyearList', { type: '1.5' }],
    ['News/GetNewsBanner', { Place: 'nowhere' }],
    ['News/GetTW_SpiderJobs', { Channel: 'x' }],
    ['TW_Class/GetLogListDetail', { ID: '0' }],
    ['TW_HotWords/InsertHotWords', {}],
  ])('%s with bad input %j answers a clear Chinese ErrorInfo', async (p, fields) => {
    const r = await call(p, fields as Record<string, string>);
    expect(r.ErrorNo).not.toBe(1);
    expect(r.ErrorNo).not.toBe(500);
    expect(r.ErrorInfo).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('serves carousels, banners, the matrix, notices and jobs', async () => {
    expect((await call('News/GetIndexCarouse')).Result.DataList.length).toBeGreaterThanOrEqual(3);
    expect((await call('News/GetNewsCarouse')).Result.DataList.length).toBeGreaterThanOrEqual(3);
    const about = await call('News/GetNewsBanner', { Place: 'about' });
    expect(about.Result.DataList).toHaveLength(1);
    expect(about.Result.DataList[0].Image).toMatch(/^\/images\/about\//);
    const types = await call('News/GetTW_MatrixType');
    expect(types.Result.DataList.map((t: Any) => t.Name)).toEqual(['微信', '微博', '抖音']);
    const wechat = await call('News/GetTW_MatrixDetail', { TypeID: String(types.Result.DataList[0].ID) });
    expect(wechat.Result.DataList.every((a: Any) => a.TypeName === '微信' && a.QrImage)).toBe(true);
    const notices = await call('News/GetTW_Notice', { PageSize: '3' });
    expect(notices.Result.DataList).toHaveLength(3);
    const jobTypes = await call('News/GetTW_SpiderJobsTypeName');
    expect(jobTypes.Result.DataList[0].JobCount).toBeGreaterThan(0);
    const companies = await call('News/GetTW_SpiderJobsTypeConmpany');
    expect(companies.Result.DataList.length).toBeGreaterThan(2);
    const campus = await call('News/GetTW_SpiderJobs', { Channel: 'campus' });
    expect(campus.Result.TotalCount).toBeGreaterThan(0);
    expect(campus.Result.DataList.every((j: Any) => j.Channel === 'campus' && j.CompanyName)).toBe(true);
    const byType = await call('News/GetTW_SpiderJobs', { TypeID: '1', PageSize: '2' });
    expect(byType.Result.DataList.every((j: Any) => j.TypeID === 1)).toBe(true);
  });
});

describe('TW_HotWords', () => {
  it('lists only approved words: a visitor word, however many clients search it, only joins the queue until approved', async () => {
    const before = await call('TW_HotWords/GetHotWordsList');
    expect(before.Result.DataList.length).toBeGreaterThan(3);
    const word = '膝关节疼痛';
    // Hits count distinct clients (one a day each).
    for (let i = 0; i < 12; i++) {
      expect((await call('TW_HotWords/InsertHotWords', { Word: ` ${word} ` }, { 'x-shengai-peer': `198.51.100.${i}` })).ErrorNo).toBe(1);
    }
    const queued = await call('TW_HotWords/GetHotWordsList', { PageSize: '50' });
    expect(queued.Result.DataList.some((w: Any) => w.Word === word)).toBe(false);
    expect(hotWordQueue(backend.db).find((w) => w.Word === word)?.Hits).toBe(12);
    // The editors' command (npm run hot-words -- approve) lists it.
    expect(approveHotWord(backend.db, word, new Date(clock))).toEqual({ ok: true, word });
    const after = await call('TW_HotWords/GetHotWordsList', { PageSize: '50' });
    expect(after.Result.DataList.find((w: Any) => w.Word === word)?.Hits).toBe(12);
    expect(hotWordQueue(backend.db).some((w) => w.Word === word)).toBe(false);
    // Withdrawn, it leaves the list and does not come back to the queue.
    expect(withdrawHotWord(backend.db, word)).toBe(true);
    await call('TW_HotWords/InsertHotWords', { Word: word }, { 'x-shengai-peer': '198.51.100.200' });
    expect((await call('TW_HotWords/GetHotWordsList', { PageSize: '50' })).Result.DataList.some((w: Any) => w.Word === word)).toBe(false);
    expect(hotWordQueue(backend.db).some((w) => w.Word === word)).toBe(false);
  });

  it('three clients searching a spam word with a contact in it do not list it, and it cannot be approved', async () => {
    const spam = '代开发票V:x1 spam.cc';
    for (let i = 0; i < 3; i++) {
      expect((await call('TW_HotWords/InsertHotWords', { Word: spam }, { 'x-shengai-peer': `198.51.104.${i}` })).ErrorNo).toBe(1);
    }
    const list = await call('TW_HotWords/GetHotWordsList', { PageSize: '50' });
    expect(list.Result.DataList.some((w: Any) => /spam|代开/.test(w.Word))).toBe(false);
    expect(approveHotWord(backend.db, spam, new Date(clock))).toMatchObject({ ok: false, message: expect.stringMatching(/联系方式/) });
    // Planted straight in the database as approved, it is still never listed.
    backend.db.prepare('UPDATE hot_words SET Approved = 1 WHERE Word = ?').run(spam);
    expect((await call('TW_HotWords/GetHotWordsList', { PageSize: '50' })).Result.DataList.some((w: Any) => w.Word === spam)).toBe(false);
  });

  it.each(['代开发票V:x1 spam.cc', '加微13812345678', 'spam点cc', 'buy spam com', '联系ＱＱ：998877', '找我@某某', '看病vx', '中医馆。net'])(
    'never lists a word that looks like a contact or an address: %j',
    (w) => expect(looksLikeContact(w)).toBe(true),
  );

  it.each(['失眠', '颈椎病', '小儿推拿', '维生素B12', '2型糖尿病', 'HPV疫苗', '三伏贴'])('lists an ordinary search word: %j', (w) =>
    expect(looksLikeContact(w)).toBe(false),
  );

  it('the queue stays bounded: past its size the least searched, oldest candidates go', async () => {
    const insert = backend.db.prepare('INSERT INTO hot_words (Word, Hits, LastTime) VALUES (?, 1, ?)');
    backend.db.transaction(() => {
      for (let i = 0; i < HOT_WORD_QUEUE_MAX + 50; i++) insert.run(`候选词${i}`, new Date(clock - 86_400_000 + i).toISOString());
    })();
    await call('TW_HotWords/InsertHotWords', { Word: '最新的搜索' }, { 'x-shengai-peer': '198.51.105.1' });
    const queued = (backend.db.prepare('SELECT COUNT(*) AS n FROM hot_words WHERE Approved = 0').get() as { n: number }).n;
    expect(queued).toBe(HOT_WORD_QUEUE_MAX);
    expect(backend.db.prepare("SELECT 1 FROM hot_words WHERE Word = '候选词0'").get()).toBeUndefined();
    expect(backend.db.prepare("SELECT 1 FROM hot_words WHERE Word = '最新的搜索'").get()).toBeDefined();
    // Approved words are never trimmed.
    expect((await call('TW_HotWords/GetHotWordsList')).Result.DataList.length).toBeGreaterThan(3);
  });

  it.each(['<script>alert(1)</script>', 'a"b', '12345', '   ', 'x'.repeat(21), 'a\u0000b', 'https://spam.example'])(
    'refuses to store %j',
    async (w) => {
      const r = await call('TW_HotWords/InsertHotWords', { Word: w });
      expect(r.ErrorNo).toBe(0);
      expect(r.ErrorInfo).toMatch(/[\u4e00-\u9fa5]/);
    },
  );

  it('rate-limits one IP to 20 recorded searches a minute', async () => {
    const ip = { 'x-shengai-peer': '10.9.9.9' };
    for (let i = 0; i < 20; i++) expect((await call('TW_HotWords/InsertHotWords', { Word: '针灸' }, ip)).ErrorNo).toBe(1);
    const refused = await call('TW_HotWords/InsertHotWords', { Word: '针灸' }, ip);
    expect(refused.ErrorNo).toBe(-1);
    expect(refused.status).toBe(429);
    expect(refused.ErrorInfo).toContain('频繁');
    expect((await call('TW_HotWords/InsertHotWords', { Word: '针灸' }, { 'x-shengai-peer': '10.9.9.8' })).ErrorNo).toBe(1);
    clock += 61_000;
    expect((await call('TW_HotWords/InsertHotWords', { Word: '针灸' }, ip)).ErrorNo).toBe(1);
  });

  it('counts the visitor sent in ClientIP, not the server that records for them', async () => {
    // The site's own server: its per-process secret (lib/security/client-address.ts).
    const server = siteForwardHeaders('10.7.7.7');
    for (let i = 0; i < 20; i++) {
      expect((await call('TW_HotWords/InsertHotWords', { Word: '艾灸', ClientIP: `172.16.0.${i}` }, server)).ErrorNo).toBe(1);
    }
    expect((await call('TW_HotWords/InsertHotWords', { Word: '艾灸' }, server)).ErrorNo).toBe(1);
    for (let i = 0; i < 19; i++) await call('TW_HotWords/InsertHotWords', { Word: '艾灸', ClientIP: '172.16.1.1' }, server);
    expect((await call('TW_HotWords/InsertHotWords', { Word: '艾灸', ClientIP: '172.16.1.1' }, server)).ErrorNo).toBe(1);
    expect((await call('TW_HotWords/InsertHotWords', { Word: '艾灸', ClientIP: '172.16.1.1' }, server)).ErrorNo).toBe(-1);
    // Not an address: the request's own address counts.
    expect((await call('TW_HotWords/InsertHotWords', { Word: '艾灸', ClientIP: '<script>' }, server)).ErrorNo).toBe(1);
  });

  it('300 requests of one attacker, with made-up ClientIP and X-Forwarded-For, do not put a word on the list', async () => {
    const word = '攻击者的广告词';
    const answers: number[] = [];
    for (let i = 0; i < 300; i++) {
      const spoofed = `203.0.${Math.floor(i / 250)}.${i % 250}`;
      const r = await call(
        'TW_HotWords/InsertHotWords',
        { Word: word, ClientIP: spoofed },
        // Straight to /api/...: the peer is the attacker; the forwarded headers are the attacker's own, with a guessed secret.
        { 'x-shengai-peer': '192.0.2.66', 'x-forwarded-for': spoofed, 'x-shengai-client': spoofed, 'x-shengai-site-secret': 'guess' },
      );
      answers.push(r.ErrorNo);
    }
    expect(answers.filter((n) => n === 1).length).toBe(20);
    expect(answers.filter((n) => n === -1).length).toBe(280);
    const list = await call('TW_HotWords/GetHotWordsList', { PageSize: '50' });
    expect(list.Result.DataList.some((w: Any) => w.Word === word)).toBe(false);
    const stored = backend.db.prepare('SELECT Hits FROM hot_words WHERE Word = ?').get(word) as { Hits: number };
    expect(stored.Hits).toBe(1);
  });
});

describe('TW_Class system pages', () => {
  it('menu, list by class, one document, logs and a log detail', async () => {
    const menu = await call('TW_Class/GetSystemMenu');
    expect(menu.Result.DataList.length).toBe(4);
    const classId = menu.Result.DataList[1].ID;
    const list = await call('TW_Class/GetSystemList', { ClassID: String(classId) });
    expect(list.Result.TotalCount).toBe(menu.Result.DataList[1].DocCount);
    expect(list.Result.DataList.every((d: Any) => d.ClassID === classId && d.Content.includes('<h2>'))).toBe(true);
    const one = await call('TW_Class/GetSystemList', { ID: String(list.Result.DataList[0].ID) });
    expect(one.Result.DataList).toHaveLength(1);
    const logs = await call('TW_Class/GetLogList', { PageSize: '5' });
    expect(logs.Result.TotalCount).toBeGreaterThan(12);
    const detail = await call('TW_Class/GetLogListDetail', { ID: String(logs.Result.DataList[0].ID) });
    expect(detail.Result.Content).toContain('<p>');
    expect((await call('TW_Class/GetLogListDetail', { ID: '99999' })).ErrorNo).toBe(404);
  });
});

describe('TW_User site info', () => {
  it('figures, display switches and third-party apps', async () => {
    const nums = await call('TW_User/GetUserNums');
    expect(nums.Result.DataList.map((x: Any) => x.Key)).toEqual(['clinics', 'doctors', 'members', 'services']);
    const style = await call('TW_User/GetStyleDisplay');
    expect(style.Result).toMatchObject({ GrayMode: false, ShowMatrix: true, ShowCharity: true });
    expect((await call('TW_User/GetThirdAppInfo')).Result.DataList).toHaveLength(2);
  });
});
