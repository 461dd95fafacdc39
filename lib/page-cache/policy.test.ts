import { describe, expect, it } from 'vitest';
import { isPlainDocumentRequest, isRouteHandlerPath, keyedByPlace, pageCachePlan, siteVaryOfHeaders, type PageRequest } from './policy';

function request(pathAndQuery: string, init: { method?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {}): PageRequest {
  const url = new URL(pathAndQuery, 'http://site.test');
  const headers = new Headers({ accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...init.headers });
  return {
    method: init.method ?? 'GET',
    pathname: url.pathname,
    search: url.search,
    headers,
    cookie: (name) => init.cookies?.[name],
  };
}

describe('pageCachePlan (docs/decisions.md whole-page cache)', () => {
  it('caches full loads of public pages under their path and query, forwarding nothing', () => {
    const plan = pageCachePlan(request('/doctordetail/D100001?page=2', { headers: { cookie: 'address=216; _ga=1' }, cookies: { address: '216', _ga: '1' } }));
    expect(plan).toEqual({ key: '/doctordetail/D100001?page=2', path: '/doctordetail/D100001?page=2', forward: {}, perVisitor: false, queryDropped: false });
  });

  it('never answers a member from the cache: public pages may render their balance or messages', () => {
    const sessions: Record<string, string>[] = [{ Token: 't' }, { refreshToken: 'r' }, { Token: 't', refreshToken: 'r' }, { refreshToken: '' }];
    for (const cookies of sessions) {
      for (const path of ['/', '/productDetails?sn=PG0002', '/customerMessage', '/doctorlist']) {
        expect(pageCachePlan(request(path, { cookies })), `${path} ${JSON.stringify(cookies)}`).toBeNull();
      }
    }
  });

  it('never keeps a question of 图文问诊 or its photo, even asked for by a visitor', () => {
    for (const path of ['/dRecord/consultation/Q20261127ABCDEF1234', '/ask-photo/Q20261127ABCDEF1234/1', '/ask?doctor=D100001']) {
      expect(pageCachePlan(request(path)), path).toBeNull();
    }
  });

  it('answers HEAD like GET and nothing else', () => {
    expect(pageCachePlan(request('/', { method: 'HEAD' }))?.key).toBe('/');
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) expect(pageCachePlan(request('/', { method }))).toBeNull();
  });

  it('keeps a member shell (lib/routes.ts MEMBER_SHELL_PATHS) whatever the session cookies, never for the proxy in front, and renders it without them', () => {
    const cookies = { Token: 'a.b.c', refreshToken: 'r1', elder: '1', other: 'x' };
    const member = pageCachePlan(request('/userIndex', { cookies }));
    expect(member).toMatchObject({ key: '/userIndex\nelder=1', path: '/userIndex', memberShell: true, perVisitor: false });
    // The render gets the 长者模式 and nothing of the session: it cannot hold a member's data.
    expect(member?.forward).toEqual({ cookie: 'elder=1' });
    expect(pageCachePlan(request('/userIndex', { cookies: { refreshToken: 'r2' } }))?.key).toBe('/userIndex');
    // Only the shell itself: pages below it, and the other member pages, are not shells.
    for (const path of ['/userIndex/x', '/userIndexes', '/modifyInfor/x', '/dRecord/constitution', '/dRecord/registration/R1']) expect(pageCachePlan(request(path, { cookies })), path).toBeNull();
    // Keyed by the parameters the shell reads (its filter and page), and nothing of the member.
    expect(pageCachePlan(request('/dRecord/registration?status=unpaid&page=2&x=1', { cookies: { refreshToken: 'r1' } }))).toMatchObject({ key: '/dRecord/registration?status=unpaid&page=2', memberShell: true });
    // /dRecord/patients reads `next` in the browser: one shell whatever it says, rendered without it.
    const patients = pageCachePlan(request('/dRecord/patients?next=%2Fbooking%3Fslot%3D1', { cookies: { refreshToken: 'r1' } }));
    expect(patients).toMatchObject({ key: '/dRecord/patients', path: '/dRecord/patients', memberShell: true });
  });

  it('never caches member pages (SPEC §2 login-required), searches, files or the API', () => {
    for (const path of [
      '/dRecord/registration/R20261127000001',
      '/dRecord/constitution',
      '/searchList?keyword=失眠',
      '/searchList?keyword=',
      '/searchList?type=doctor',
      '/searchList?page=2',
      '/logo.svg',
      '/robots.txt',
      '/api/TW_User/GetDoctorPageList',
      '/session/me',
      '/auth/wechat',
      '/redirect/doctorlist',
      '/search-suggestions',
      '/_next/static/chunks/a.js',
    ]) {
      expect(pageCachePlan(request(path)), path).toBeNull();
    }
  });

  it('keeps the search page itself (the box and the hot words, SPEC §2 /searchList) but no search', () => {
    expect(pageCachePlan(request('/searchList'))).toMatchObject({ key: '/searchList', path: '/searchList', perVisitor: false });
    // A parameter the page does not read is dropped, as on every page: still the search page.
    expect(pageCachePlan(request('/searchList?utm_source=baidu'))).toMatchObject({ key: '/searchList', queryDropped: true });
  });

  it('leaves router fetches to Next even though Next hides their RSC headers from proxy.ts', () => {
    // What proxy.ts sees of an App Router prefetch or navigation: Accept */*, Next-Url.
    expect(pageCachePlan(request('/serviceRulesDetail', { headers: { accept: '*/*', 'next-url': '/serviceRules' } }))).toBeNull();
    expect(pageCachePlan(request('/doctorlist', { headers: { accept: '*/*' } }))).toBeNull();
    expect(pageCachePlan(request('/doctorlist', { headers: { 'next-url': '/' } }))).toBeNull();
    expect(pageCachePlan(request('/doctorlist', { headers: { 'sec-fetch-dest': 'empty' } }))).toBeNull();
    expect(pageCachePlan(request('/doctorlist', { headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' } }))).not.toBeNull();
  });

  it('leaves router navigations, prefetches and actions to Next (they are not HTML loads)', () => {
    expect(pageCachePlan(request('/', { headers: { rsc: '1' } }))).toBeNull();
    expect(pageCachePlan(request('/', { headers: { 'next-router-prefetch': '1' } }))).toBeNull();
    expect(pageCachePlan(request('/', { headers: { 'next-action': 'abc' } }))).toBeNull();
    expect(pageCachePlan(request('/doctorlist?_rsc=x1'))).toBeNull();
  });

  it('keys the province lists by the address cookie and the visitor address, and forwards only those', () => {
    const plan = pageCachePlan(
      request('/doctorlist?page=2', {
        headers: { 'x-shengai-peer': '203.0.113.9', cookie: '_ga=1; address=216', 'user-agent': 'UA' },
        cookies: { address: '216', _ga: '1' },
      }),
    );
    expect(plan?.perVisitor).toBe(true);
    expect(plan?.forward).toEqual({ cookie: 'address=216', 'x-shengai-client': '203.0.113.9', 'x-shengai-site-secret': expect.any(String) });
    const other = pageCachePlan(request('/doctorlist?page=2', { headers: { 'x-shengai-peer': '198.51.100.1' }, cookies: { address: '216' } }));
    const otherProvince = pageCachePlan(request('/doctorlist?page=2', { headers: { 'x-shengai-peer': '203.0.113.9' }, cookies: { address: '215' } }));
    expect(new Set([plan?.key, other?.key, otherProvince?.key]).size).toBe(3);
  });

  it('keys a located visitor by the place instead of the address; the URL and the address cookie stay in the key', () => {
    const kunming = '215@25.04,102.71';
    const a = pageCachePlan(request('/doctorlist?page=2', { headers: { 'x-shengai-peer': '203.0.113.9' }, cookies: { address: '216' } }))!;
    const b = pageCachePlan(request('/doctorlist?page=2', { headers: { 'x-shengai-peer': '198.51.100.1' }, cookies: { address: '216' } }))!;
    expect(a.key).not.toBe(b.key);
    expect(keyedByPlace(a, kunming).key).toBe(keyedByPlace(b, kunming).key);
    expect(keyedByPlace(a, kunming).key).not.toBe(keyedByPlace(a, '216@26.57,106.71').key);
    // The render still gets the visitor's own address and nothing more.
    expect(keyedByPlace(a, kunming).forward).toEqual(a.forward);
    const otherCookie = pageCachePlan(request('/doctorlist?page=2', { headers: { 'x-shengai-peer': '203.0.113.9' }, cookies: { address: '215' } }))!;
    expect(keyedByPlace(otherCookie, kunming).key).not.toBe(keyedByPlace(a, kunming).key);
    expect(keyedByPlace(pageCachePlan(request('/doctorlist?page=3', { headers: { 'x-shengai-peer': '203.0.113.9' }, cookies: { address: '216' } }))!, kunming).key).not.toBe(
      keyedByPlace(a, kunming).key,
    );
    // A page that does not read the location is left as it is.
    const fixed = pageCachePlan(request('/doctordetail/D100001'))!;
    expect(fixed.located).toBeUndefined();
    expect(keyedByPlace(fixed, kunming)).toBe(fixed);
  });

  it('a client-sent X-Forwarded-For neither changes the key nor reaches the render (no trusted proxy)', () => {
    const plain = pageCachePlan(request('/hospitallist', { headers: { 'x-shengai-peer': '203.0.113.9' } }));
    const spoofed = pageCachePlan(request('/hospitallist', { headers: { 'x-shengai-peer': '203.0.113.9', 'x-forwarded-for': '198.51.100.7' } }));
    expect(spoofed?.key).toBe(plain?.key);
    expect(spoofed?.forward['x-forwarded-for']).toBeUndefined();
    expect(spoofed?.forward['x-shengai-client']).toBe('203.0.113.9');
  });

  it('treats a malformed address cookie as none (the page would too)', () => {
    const plan = pageCachePlan(request('/hospitallist', { cookies: { address: '215; Token=x' } }));
    expect(plan?.forward.cookie).toBeUndefined();
    expect(plan?.key).toBe(pageCachePlan(request('/hospitallist'))?.key);
  });

  it('an explicit province segment of the doctor list depends on the URL alone', () => {
    const plan = pageCachePlan(request('/doctorlist/215', { headers: { 'x-forwarded-for': '203.0.113.9' }, cookies: { address: '216' } }));
    expect(plan).toMatchObject({ key: '/doctorlist/215', forward: {}, perVisitor: false });
  });
});

describe('document loads the page cache leaves to Next (lib/page-cache/error-mend.ts mends their error answers)', () => {
  const plain = (headers: Record<string, string>) => isPlainDocumentRequest(new Headers(headers));

  it('a load with Accept */* or none, without a browser\'s fetch marks, is a plain document load', () => {
    expect(plain({ accept: '*/*' })).toBe(true);
    expect(plain({ accept: '*/*;q=0.8' })).toBe(true);
    expect(plain({})).toBe(true);
    expect(plain({ accept: '' })).toBe(true);
  });

  it('a browser\'s own fetches, router fetches, actions and other types are not', () => {
    expect(plain({ accept: '*/*', 'sec-fetch-dest': 'empty' })).toBe(false);
    expect(plain({ accept: '*/*', 'next-url': '/' })).toBe(false);
    expect(plain({ accept: '*/*', rsc: '1' })).toBe(false);
    expect(plain({ accept: '*/*', 'next-action': 'abc' })).toBe(false);
    expect(plain({ accept: 'application/json' })).toBe(false);
    expect(plain({ accept: 'image/png,*/*' })).toBe(false);
  });

  it('route handlers are no pages', () => {
    for (const path of ['/search-suggestions', '/share-card/doctor/D1.png', '/session/me', '/api/News/GetNewList', '/auth/wechat']) {
      expect(isRouteHandlerPath(path), path).toBe(true);
    }
    expect(isRouteHandlerPath('/searchList')).toBe(false);
  });
});

describe('siteVaryOfHeaders: the site-wide cookies a not-found or error page is kept and rendered by', () => {
  const of = (cookie?: string) => siteVaryOfHeaders(new Headers(cookie === undefined ? {} : { cookie }));
  it('reads the 长者模式 cookie only at a value the layout reads, the first of a repeated one', () => {
    expect(of()).toEqual([]);
    expect(of('elder=1')).toEqual(['elder=1']);
    expect(of('a=b; elder=1; x=y')).toEqual(['elder=1']);
    expect(of('elder=yes')).toEqual([]);
    expect(of('elder=0; elder=1')).toEqual([]);
    expect(of('xelder=1')).toEqual([]);
  });
});
