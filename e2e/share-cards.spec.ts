import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiList, firstNews } from './support/content-api';

// Share cards (docs/seo-sharing.md "Share cards"): every doctor, clinic and article page links its own 1200×630 PNG.

/** The page's meta tags by property/name. */
async function metaOf(request: APIRequestContext, path: string): Promise<Map<string, string>> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const tags = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    if (!tags.has(m[1]!)) tags.set(m[1]!, m[2]!.replace(/&amp;/g, '&'));
  }
  return tags;
}

/** Reads the PNG signature and the IHDR chunk: width and height. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'PNG signature').toBe(true);
  expect(bytes.toString('latin1', 12, 16), 'first chunk').toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Follows a page's og:image to the card and checks what a link previewer checks. */
async function cardOf(request: APIRequestContext, pagePath: string, kind: string): Promise<Buffer> {
  const meta = await metaOf(request, pagePath);
  const image = meta.get('og:image');
  expect(image, `${pagePath} og:image`).toBeTruthy();
  const url = new URL(image!);
  expect(url.pathname, `${pagePath} og:image`).toMatch(new RegExp(`^/share-card/${kind}/[^/]+\\.png$`));
  expect(meta.get('og:image:width')).toBe('1200');
  expect(meta.get('og:image:height')).toBe('630');
  expect(meta.get('og:image:type')).toBe('image/png');
  expect(meta.get('og:image:alt')?.length ?? 0).toBeGreaterThan(2);
  expect(meta.get('twitter:card')).toBe('summary_large_image');
  expect(meta.get('twitter:image')).toBe(image);

  const response = await request.get(`${url.pathname}${url.search}`);
  expect(response.status(), url.pathname).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect(response.headers()['cache-control']).toContain('max-age=');
  const bytes = Buffer.from(await response.body());
  expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  expect(bytes.length).toBeLessThan(300 * 1024);
  return bytes;
}

test('a doctor, a clinic and an article each share a 1200×630 PNG of their own', async ({ request }) => {
  const first = await cardOf(request, '/doctordetail/D100001', 'doctor');
  const second = await cardOf(request, '/doctordetail/D100002', 'doctor');
  expect(first.equals(second), 'two doctors get different cards').toBe(false);
  await cardOf(request, '/hospitaldetail/SA0101', 'clinic');
  const article = await firstNews(request, 7);
  await cardOf(request, `/healthSciencedetail?id=${article.ID}`, 'article');
});

test('a studio and its work news each share a card of their own, not the site card', async ({ request }) => {
  const [studio] = await apiList(request, 'TW_User/GetStudioList', { PageSize: 1 });
  expect(studio, 'a seeded studio').toBeTruthy();
  const studioCardBytes = await cardOf(request, `/expertstudiodetails?id=${studio!.StudioID}`, 'studio');
  const [dynamic] = await apiList(request, 'TW_Special/GetSpecialList', { SpecialType: 2, StudioID: studio!.StudioID, PageSize: 1 });
  expect(dynamic, 'a seeded 工作动态 of the studio').toBeTruthy();
  const specialCardBytes = await cardOf(request, `/workDynamicDetail?id=${dynamic!.ID}`, 'special');
  expect(specialCardBytes.equals(studioCardBytes), 'the news item and its studio get different cards').toBe(false);
});

test('the card answers 404 for an unknown item or a malformed key, never a 500', async ({ request }) => {
  for (const path of ['/share-card/doctor/D999999.png', '/share-card/doctor/%3Cscript%3E.png', '/share-card/article/0.png', '/share-card/nothing/1.png', '/share-card/special/999999.png', '/share-card/doctor/D100001.jpg']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('the home page title is said once, and desktop pages name their mobile address', async ({ request }) => {
  const meta = await metaOf(request, '/');
  expect(meta.get('og:title')).toBe('圣爱中医官方网站');
  expect(meta.get('applicable-device')).toBe('pc');
  const html = await (await request.get('/doctordetail/D100001')).text();
  expect(html).toMatch(/<link rel="alternate" media="only screen and \(max-width: 640px\)" href="https?:\/\/[^"]+"/);
});
