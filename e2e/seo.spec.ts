import { expect, test } from '@playwright/test';
import { apiAll, firstNews } from './support/content-api';

// docs/seo-sharing.md, docs/decisions.md: sitemap, robots, canonical and Open Graph with an image, JSON-LD.
function locs(xml: string): Set<string> {
  return new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname + new URL(m[1]!.replace(/&amp;/g, '&')).search));
}

test('sitemap.xml holds every public route, every seeded doctor, clinic and news item', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const paths = locs(await response.text());
  for (const p of ['/', '/trendsInfor', '/foundation', '/registrationQuestion', '/aboutLiu', '/doctorlist', '/hospitallist']) expect(paths).toContain(p);
  const doctors = await apiAll(request, 'TW_User/GetDoctorPageList');
  expect(doctors.length).toBeGreaterThanOrEqual(60);
  for (const d of doctors) expect(paths, `doctor ${d.AppointmentCode}`).toContain(`/doctordetail/${d.AppointmentCode}`);
  const clinics = await apiAll(request, 'TW_Org/GetOrgList');
  for (const c of clinics) expect(paths, `clinic ${c.HospitalCode}`).toContain(`/hospitaldetail/${c.HospitalCode}`);
  // Every public news item (help items live on the three help pages, listed above).
  const news = await apiAll(request, 'News/GetNewList', {}, 1000);
  expect(news.length).toBeGreaterThanOrEqual(110);
  const detailPaths = [...paths].filter((p) => /newtdetail|Detail|detail\?id=/.test(p));
  for (const n of news) {
    expect(detailPaths.some((p) => p.endsWith(`/${n.ID}`) || p.endsWith(`/${n.ID}/5`) || p.endsWith(`id=${n.ID}`)), `news ${n.ID}`).toBe(true);
  }
});

test('robots.txt disallows member pages, the API and the redirect helper', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  for (const p of ['/userIndex', '/modifyInfor', '/dRecord/', '/api/', '/redirect/']) expect(text).toContain(`Disallow: ${p}`);
  expect(text).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
});

test('pages carry a title, description, canonical, Open Graph and Twitter tags with an image', async ({ request }) => {
  const article = await firstNews(request, 7);
  for (const path of ['/', '/trendsInfor', '/foundation', '/aboutHospital', '/membershipIssues', '/searchList', `/healthSciencedetail?id=${article.ID}`]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<title>[^<]*圣爱中医官方网站<\/title>/);
    expect(html, path).toMatch(/<meta name="description" content="[^"]{10,}"/);
    expect(html, path).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+"/);
    expect(html, path).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);
    expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html, path).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html, path).toMatch(/<meta name="twitter:image" content="https?:\/\/[^"]+"/);
  }
  const shareCard = await request.get('/images/share-card.png');
  expect(shareCard.status()).toBe(200);
  expect(shareCard.headers()['content-type']).toContain('image/png');
});

/** What a link previewer or a crawler that reads only `<head>` sees of a page's first HTML. */
function headOf(html: string): string {
  const end = html.indexOf('</head>');
  expect(end).toBeGreaterThan(0);
  return html.slice(0, end);
}

test('a shared link’s first HTML carries the title, description and Open Graph tags inside <head>, even for a page whose data was not cached', async ({
  request,
}) => {
  // Pages whose data no test has read yet: their metadata is resolved while the page renders. Next streams late
  // metadata into <body> unless told not to (next.config.mjs htmlLimitedBots); the page cache then keeps that HTML.
  const goods = await apiAll(request, 'PointsMall/GetPointsMallList', {}, 60);
  expect(goods.length).toBeGreaterThan(10);
  const doctors = await apiAll(request, 'TW_User/GetDoctorPageList', {}, 100);
  const paths = [
    ...goods.slice(-8).map((g) => `/productDetails?sn=${g.GoodsSN}`),
    ...doctors.slice(-4).map((d) => `/doctordetail/${d.AppointmentCode}`),
    '/healthSciencedetail?id=' + (await firstNews(request, 7)).ID,
  ];
  for (const path of paths) {
    const html = await (await request.get(path, { headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130' } })).text();
    const head = headOf(html);
    expect(head, path).toMatch(/<title>[^<]*圣爱中医官方网站<\/title>/);
    expect(head, path).toMatch(/<meta name="description" content="[^"]{10,}"/);
    expect(head, path).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(head, path).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);
  }
});

test('an article canonical is its type page, whichever route showed it', async ({ request }) => {
  const culture = await firstNews(request, 2);
  const html = await (await request.get(`/newtdetail/${culture.ID}`)).text();
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/cultureDetail\\?id=${culture.ID}"`));
});

test('JSON-LD: organisation on the home page, NewsArticle and BreadcrumbList on articles', async ({ request }) => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const home = jsonLd(await (await request.get('/')).text());
  expect(home.some((d) => Array.isArray(d['@type']) && d['@type'].includes('MedicalOrganization'))).toBe(true);
  const news = await firstNews(request, 1);
  const article = jsonLd(await (await request.get(`/newtdetail/${news.ID}`)).text());
  const newsArticle = article.find((d) => d['@type'] === 'NewsArticle');
  expect(newsArticle.headline).toBe(news.Title);
  expect(newsArticle.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  const crumbs = article.find((d) => d['@type'] === 'BreadcrumbList');
  expect(crumbs.itemListElement.at(-1).name).toBe(news.Title);
});
