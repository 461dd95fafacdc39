import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The client reaches the embedded backend in-process on this throwaway database.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-api-'));
process.env.DATABASE_PATH = path.join(dir, 'site.db');
process.env.JWT_SECRET = 'content-api-test-secret-0123456789';
delete process.env.API_BASE_URL;

let api: typeof import('./news');
let search: typeof import('./search');
let system: typeof import('./system');
beforeAll(async () => {
  api = await import('./news');
  search = await import('./search');
  system = await import('./system');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lib/api/news against the embedded backend', () => {
  it('reshapes a page of news without wire names', async () => {
    const page = await api.getNewsPage({ type: 7, page: 1, pageSize: 4 });
    expect(page.items).toHaveLength(4);
    expect(page.total).toBe(14);
    expect(page.items[0]).toMatchObject({ type: 7, typeName: '健康科普' });
    expect(page.items[0]).not.toHaveProperty('Title');
  });

  it('gives article bodies sanitized: the seeded attack article loses script, onerror and javascript:', async () => {
    const article = await api.getNewsArticle(1);
    expect(article?.title).toBe('官方网站全新改版上线说明');
    expect(article?.bodyHtml).toContain('<h2>改版内容</h2>');
    expect(article?.bodyHtml).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('answers null for an unknown id or an article of another type', async () => {
    expect(await api.getNewsArticle(987654)).toBeNull();
    expect(await api.getNewsArticle(1, 7)).toBeNull();
    expect(await api.getNewsArticle(1, 1)).not.toBeNull();
  });

  it('gives every help item its route by group (SPEC §3)', async () => {
    const items = await api.getHelpItems();
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.route))).toEqual(new Set(['registrationQuestion', 'membershipIssues', 'otherQuestions']));
    expect(items.filter((i) => i.route === 'membershipIssues').every((i) => i.groupLabel === '会员问题')).toBe(true);
  });

  it('lists every public news entry for the sitemap, help excluded', async () => {
    const entries = await api.listNewsEntries();
    expect(entries.length).toBeGreaterThanOrEqual(110);
    expect(entries.some((e) => e.type === 30)).toBe(false);
  });

  it('groups the matrix and reads banners, years and notices', async () => {
    const matrix = await api.getMatrix();
    expect(matrix.map((g) => g.name)).toEqual(['微信', '微博', '抖音']);
    expect(matrix[0]!.accounts.length).toBe(2);
    expect((await api.getBanner('about'))?.image).toMatch(/about-banner/);
    expect((await api.getNewsYears(1)).length).toBeGreaterThan(2);
    expect((await api.getNotices(3)).length).toBe(3);
  });

  it('records a search word and reads hot words; an invalid word is not an error for the caller', async () => {
    expect(await search.recordSearch('失眠')).toBe(true);
    expect(await search.recordSearch('<b>')).toBe(false);
    expect((await search.getHotWords(5)).length).toBe(5);
  });

  it('reads the system menu, a document and a log', async () => {
    const menu = await system.getSystemMenu();
    const docs = await system.getSystemDocs({ classId: menu[0]!.id });
    expect(docs.items.length).toBe(menu[0]!.docCount);
    expect((await system.getSystemDoc(docs.items[0]!.id))?.title).toBe(docs.items[0]!.title);
    expect(await system.getSystemDoc(99999)).toBeNull();
    const logs = await system.getSystemLogs();
    expect((await system.getSystemLog(logs.items[0]!.id))?.bodyHtml).toContain('<p>');
    expect(await system.getSystemLog(99999)).toBeNull();
  });
});
