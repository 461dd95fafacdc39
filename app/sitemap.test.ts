import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import sitemap from './sitemap';

/**
 * sitemap.xml (docs/seo-sharing.md) lists every page that has a share card: the points goods, the studios and
 * their articles too, not only doctors, clinics, news and illnesses; times are China time with their offset.
 */
let env: TestBackend;
beforeAll(() => {
  env = installTestBackend();
});
afterAll(() => env.close());

describe('sitemap', () => {
  it('lists every points item, every studio and every studio article', async () => {
    const entries = await sitemap();
    const paths = entries.map((e) => new URL(e.url).pathname + new URL(e.url).search);
    const count = (prefix: string) => paths.filter((p) => p.startsWith(prefix)).length;
    const db = env.backend.db;
    const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count('/productDetails?sn=')).toBe(n('SELECT COUNT(*) AS n FROM points_goods WHERE on_sale = 1'));
    expect(count('/productDetails?sn=')).toBeGreaterThanOrEqual(24);
    expect(count('/expertstudiodetails?id=')).toBe(n('SELECT COUNT(*) AS n FROM studios'));
    const articles = count('/workResultDetail?id=') + count('/workDynamicDetail?id=') + count('/specialDetail?id=');
    expect(articles).toBe(n('SELECT COUNT(*) AS n FROM specials'));
  });

  it('gives a publish time in China time, with its offset', async () => {
    const entries = await sitemap();
    const dated = entries.filter((e) => e.lastModified);
    expect(dated.length).toBeGreaterThan(100);
    for (const e of dated) expect(String(e.lastModified), e.url).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
  });
});
