/**
 * lib/page-vary.ts is the one place that says what a page varies by; nginx's micro-cache
 * (deploy/nginx/shengai.conf.template, rendered by scripts/deploy-local.sh) must key and bypass
 * exactly as it says (docs/decisions.md "One declaration of what a page varies by"). A page that
 * starts to read a cookie is declared there, and this test then names the nginx lines that are missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_QUERY, PAGE_VARY, SESSION_COOKIES, SITE_VARY_COOKIES, TRACKING_PARAMS, pageQuery, pageQueryParams, pageVary, type PageVaryRule } from './page-vary';
import { pageCachePlan } from './page-cache/policy';

/**
 * Every module that reads the request (next/headers) and what it reads, by which rule of lib/page-vary.ts a
 * page holding it is cached right, or why no HTML depends on it. A module that starts to read the request
 * fails the last test here until it is listed, and its page declared.
 */
const REQUEST_READERS: Record<string, string> = {
  'app/(care)/_lib/resolve-province.ts': 'the address cookie of the province lists: PAGE_VARY',
  'app/(care)/_lib/visitor-position.ts': 'the client address of the province lists, through its place: PAGE_VARY clientAddress',
  'app/layout.tsx': 'the page’s own path and query, set by proxy.ts from the URL: QUERY_VARY; the 长者模式 cookie: SITE_VARY_COOKIES',
  'lib/session/index.ts': 'the session cookies: SESSION_COOKIES keep the page out of every cache',
  'lib/session/cookies.ts': 'the session cookies: SESSION_COOKIES',
  'lib/security/request-device.ts': 'the device cookie, sent along with a write (lib/api/client.ts): actions, never HTML',
  'lib/security/request-address.ts': 'the client address, sent along with a write (lib/api/client.ts): actions, never HTML',
  'lib/session/origin.ts': 'a server action’s Origin: actions, never HTML',
  'lib/session/wechat-state.ts': 'the WeChat login state: the login route handler and action, never HTML',
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const NGINX = fs.readFileSync(path.resolve('deploy/nginx/shengai.conf.template'), 'utf8');
const MICRO_CACHE = fs.readFileSync(path.resolve('deploy/nginx/micro-cache.conf'), 'utf8');

/** `map $source $variable { … }` blocks: variable → { source, lines }. */
function maps(conf: string): Map<string, { source: string; body: string }> {
  const out = new Map<string, { source: string; body: string }>();
  for (const m of conf.matchAll(/^\s*map\s+(\S+)\s+\$(\S+)\s*\{([^}]*)\}/gm)) out.set(`$${m[2]}`, { source: m[1]!, body: m[3]! });
  return out;
}

/** The directives of each `location` block (blocks in this config hold no nested braces). */
function locations(conf: string): { match: string; body: string }[] {
  return [...conf.matchAll(/^\s*location\s+([^{]+?)\s*\{([^}]*)\}/gm)].map((m) => ({ match: m[1]!, body: m[2]! }));
}

const directive = (body: string, name: string): string[] =>
  [...body.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'gm'))].flatMap((m) => m[1]!.trim().split(/\s+/));

const keeps = (body: string) => body.includes('include @CONF_DIR@/micro-cache.conf;');

/**
 * What a location's cache key varies by among a request's inputs: its variables, less those that name the
 * server rather than the visitor (the worker `$pid`, `$scheme`, `$host`).
 */
const keyInputs = (body: string) =>
  new Set((directive(body, 'proxy_cache_key').join(' ').match(/\$\w+/g) ?? []).filter((v) => !['$pid', '$scheme', '$host'].includes(v)));

/** The variables of SITE_VARY_COOKIES: every kept location keys by each of them. */
const siteKeys = SITE_VARY_COOKIES.map((c) => c.nginxVariable);

/** Rules that nginx handles alike share one location: same cookies, same use of the address. */
function groups(): { signature: string; rules: PageVaryRule[] }[] {
  const out = new Map<string, PageVaryRule[]>();
  for (const rule of PAGE_VARY) {
    const signature = JSON.stringify([rule.cookies.map((c) => c.name).sort(), rule.clientAddress]);
    out.set(signature, [...(out.get(signature) ?? []), rule]);
  }
  return [...out].map(([signature, rules]) => ({ signature, rules }));
}

/** The nginx location of a group of rules, as the declaration writes it. */
const locationOf = (rules: PageVaryRule[]) => `~ ^(?:${rules.map((r) => r.path).join('|')})$`;

/** A page file's route: groups and the file name dropped (`app/(care)/doctordetail/[code]/page.tsx` → `/doctordetail/[code]`). */
function routeOf(file: string): string {
  const parts = file.split(path.sep).join('/').split('/').slice(1, -1).filter((part) => !/^\(.*\)$/.test(part));
  return `/${parts.join('/')}`;
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? specifier.slice(2) : specifier.startsWith('.') ? path.join(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const candidate = path.normalize(base + ext);
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The query parameters a page reads: `sp.name`, `(await searchParams).name`, `const { a, b } = await searchParams`,
 * and `x.name` for any `x: SearchParams` or `x = await searchParams`, in the page and the modules of app/ and
 * components/ it imports, followed through their imports.
 */
function queryReadsOf(page: string): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const queue = [path.normalize(page)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    const vars = new Set(['sp']);
    for (const m of text.matchAll(/\b(\w+)\??: SearchParams\b/g)) vars.add(m[1]!);
    for (const m of text.matchAll(/\b(?:const|let) (\w+) = await searchParams\b/g)) vars.add(m[1]!);
    for (const v of vars) for (const m of text.matchAll(new RegExp(`\\b${v}\\.([A-Za-z_]\\w*)`, 'g'))) names.add(m[1]!);
    for (const m of text.matchAll(/\(await searchParams\)\.([A-Za-z_]\w*)/g)) names.add(m[1]!);
    for (const m of text.matchAll(/\{([^}]*)\} = await searchParams\b/g)) for (const part of m[1]!.split(',')) names.add(part.trim().split(/[:=\s]/)[0]!);
    for (const m of text.matchAll(/from '([^']+)'/g)) {
      const next = resolveImport(file, m[1]!);
      if (next && /^(?:app|components)\//.test(next.split(path.sep).join('/'))) queue.push(next);
    }
  }
  names.delete('');
  return names;
}

describe('nginx’s micro-cache follows lib/page-vary.ts', () => {
  const mapped = maps(NGINX);
  const cacheLocations = locations(NGINX).filter((l) => keeps(l.body));

  it('a session cookie bypasses every kept location: the member map names exactly the session cookies', () => {
    const member = mapped.get('$shengai_member');
    expect(member?.source).toBe('$http_cookie');
    const names = /\((?:\^\|;\)\\s\*\()?([\w|]+)\)=/.exec(member!.body.match(/"~([^"]+)"/)![1]!)?.[1]?.split('|');
    expect(names?.sort()).toEqual([...SESSION_COOKIES].sort());
    expect(directive(MICRO_CACHE, 'proxy_cache_bypass')).toContain('$shengai_member');
    expect(directive(MICRO_CACHE, 'proxy_no_cache')).toContain('$shengai_member');
  });

  it('each kind of varying page has its location, keyed and bypassed as declared', () => {
    for (const { rules } of groups()) {
      const where = locationOf(rules);
      const location = cacheLocations.find((l) => l.match === where);
      expect(location, `nginx needs \`location ${where}\` with the micro-cache`).toBeDefined();
      // The whole query (QUERY_VARY) and the encoding, and the place for a page that reads the address.
      const byPlace = rules[0]!.clientAddress === 'place';
      expect(keyInputs(location!.body), `${where}: its key`).toEqual(new Set(['$request_uri', '$http_accept_encoding', ...siteKeys, ...(byPlace ? ['$shengai_place'] : [])]));
      // nginx keys by no cookie: a request with a cookie the page reads bypasses it and the page cache answers.
      const expected = new Set(rules[0]!.cookies.map((c) => c.name));
      for (const name of ['proxy_cache_bypass', 'proxy_no_cache']) {
        const vars = directive(location!.body, name);
        const cookies = vars.map((v) => mapped.get(v)?.source.replace(/^\$cookie_/, '')).filter((c): c is string => Boolean(c) && !c!.startsWith('$'));
        expect(new Set(cookies), `${where}: ${name} by the cookies it reads`).toEqual(expected);
        expect(vars.includes('$shengai_unplaced'), `${where}: ${name} when no place`).toBe(byPlace);
      }
      // Any value of the cookie counts: the map sends every non-empty value around the cache.
      for (const cookie of expected) {
        const entry = [...mapped.entries()].find(([, m]) => m.source === `$cookie_${cookie}`)!;
        expect(entry[1].body.replace(/\s+/g, ' ').trim(), `map $cookie_${cookie}`).toBe('default 1; "" 0;');
      }
    }
  });

  it('a cookie every page reads is mapped to exactly the values the site reads, and keys every kept location', () => {
    expect(SITE_VARY_COOKIES.length).toBeGreaterThan(0);
    for (const cookie of SITE_VARY_COOKIES) {
      const entry = mapped.get(cookie.nginxVariable);
      expect(entry?.source, `map $cookie_${cookie.name} ${cookie.nginxVariable}`).toBe(`$cookie_${cookie.name}`);
      // Any other value keys as none: the site renders it as no cookie.
      const expected = ['default "";', ...cookie.values.map((v) => `"${v}" ${v};`)].join(' ');
      expect(entry!.body.replace(/\s+/g, ' ').trim(), `map $cookie_${cookie.name}`).toBe(expected);
      for (const { match, body } of cacheLocations) {
        expect(keyInputs(body).has(cookie.nginxVariable), `${match}: keyed by ${cookie.nginxVariable}`).toBe(true);
        // Keyed, never bypassed: a visitor in the mode is answered from the cache too.
        for (const name of ['proxy_cache_bypass', 'proxy_no_cache']) expect(directive(body, name)).not.toContain(cookie.nginxVariable);
      }
    }
  });

  it('every other kept location varies by its URL and the encoding only', () => {
    const declared = new Set(groups().map(({ rules }) => locationOf(rules)));
    const others = cacheLocations.filter((l) => !declared.has(l.match));
    expect(others.map((l) => l.match)).toEqual(['@next']);
    for (const { match, body } of others) {
      expect(keyInputs(body), match).toEqual(new Set(['$request_uri', '$http_accept_encoding', ...siteKeys]));
      expect(directive(body, 'proxy_cache_bypass'), match).toEqual([]);
    }
  });
});

describe('the page cache follows lib/page-vary.ts', () => {
  const request = (pathname: string, cookies: Record<string, string>) => ({
    method: 'GET',
    pathname,
    search: '',
    headers: new Headers({ accept: 'text/html', 'x-shengai-peer': '203.0.113.9' }),
    cookie: (name: string) => cookies[name],
  });

  it('keys and forwards exactly the declared cookies of a page, with values the page reads', () => {
    for (const rule of PAGE_VARY) {
      const pathname = rule.path.replace('(?:/.*)?', '/216');
      expect(pageVary(pathname), pathname).toBe(rule);
      const plan = pageCachePlan(request(pathname, { address: '216', other: 'x' }))!;
      expect(plan.forward.cookie).toBe(rule.cookies.map((c) => `${c.name}=216`).join('; '));
      expect(plan.perVisitor).toBe(rule.clientAddress === 'place');
      const unread = pageCachePlan(request(pathname, { address: 'x216' }))!;
      expect(unread.forward.cookie).toBeUndefined();
    }
  });

  it('a cookie every page reads keys and reaches every page, with the values it reads only', () => {
    for (const { name, values } of SITE_VARY_COOKIES) {
      for (const pathname of ['/', '/doctorlist', '/hospitallist/216', '/doctordetail/5']) {
        const usual = pageCachePlan(request(pathname, {}))!;
        for (const value of values) {
          const plan = pageCachePlan(request(pathname, { [name]: value }))!;
          expect(plan.key, pathname).not.toBe(usual.key);
          expect(plan.key.split('\n'), pathname).toContain(`${name}=${value}`);
          expect(usual.key.split('\n'), pathname).not.toContain(`${name}=${value}`);
          expect(plan.forward.cookie, pathname).toBe(`${name}=${value}`);
        }
        // A value the site does not read renders and keys as no cookie.
        const other = pageCachePlan(request(pathname, { [name]: 'x' + values[0] }))!;
        expect(other.key, pathname).toBe(usual.key);
        expect(other.forward.cookie, pathname).toBeUndefined();
      }
      // Alongside a page's own cookie: both are sent to the render.
      expect(pageCachePlan(request('/doctorlist', { address: '216', [name]: values[0]! }))!.forward.cookie).toBe(`address=216; ${name}=${values[0]}`);
    }
  });

  it('a page without a rule is keyed by its URL alone; a session cookie keeps every page out', () => {
    expect(pageVary('/doctorlist/216')).toBeNull();
    expect(pageCachePlan(request('/doctorlist/216', { address: '216' }))).toMatchObject({ key: '/doctorlist/216', forward: {}, perVisitor: false });
    for (const name of SESSION_COOKIES) expect(pageCachePlan(request('/', { [name]: 'x' })), name).toBeNull();
  });
});

describe('the query a page reads (QUERY_VARY, PAGE_QUERY)', () => {
  const request = (url: string) => {
    const u = new URL(url, 'http://site.test');
    return { method: 'GET', pathname: u.pathname, search: u.search, headers: new Headers({ accept: 'text/html' }), cookie: () => undefined };
  };

  it('keys and renders a page with the parameters it reads, as sent and in order; anything else is dropped and said so', () => {
    expect(pageQuery('/doctorlist', '?utm_source=x&page=2&from=timeline&spm=a.b&sort=fans&UTM_Medium=y')).toEqual({ query: '?page=2&sort=fans', dropped: true });
    expect(pageQuery('/doctorlist/215', '?dept=%E5%86%85%E7%A7%91&x=1&page=2&page=3')).toEqual({ query: '?dept=%E5%86%85%E7%A7%91&page=2&page=3', dropped: true });
    expect(pageQuery('/doctorlist', '?page=2&sort=fans')).toEqual({ query: '?page=2&sort=fans', dropped: false });
    expect(pageQuery('/', '?utm_source=x')).toEqual({ query: '', dropped: true });
    expect(pageQuery('/', '')).toEqual({ query: '', dropped: false });
    // A name is compared decoded and whole: `Page`, `pagex` and a broken escape are no parameter the page reads.
    expect(pageQuery('/trendsInfor', '?%70age=2&Page=3&pagex=4&%zz=5')).toEqual({ query: '?%70age=2', dropped: true });
    // The redirect helper passes its whole query on.
    expect(pageQuery('/redirect/doctor/1', '?utm_source=x&y=%zz')).toEqual({ query: '?utm_source=x&y=%zz', dropped: false });
  });

  it('10,000 random parameters and tracking marks on a page: one key, one render path', () => {
    const keys = new Set<string>();
    const paths = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const name = i % 2 ? `x${i.toString(36)}` : 'utm_source';
      const plan = pageCachePlan(request(`/doctordetail/D100001?${name}=${i.toString(36)}&from=${i}&page=2`))!;
      expect(plan.queryDropped).toBe(true);
      keys.add(plan.key);
      paths.add(plan.path);
    }
    expect([...keys]).toEqual(['/doctordetail/D100001?page=2']);
    expect([...paths]).toEqual(['/doctordetail/D100001?page=2']);
    expect(pageCachePlan(request('/trendsInfor?page=2'))).toMatchObject({ key: '/trendsInfor?page=2', queryDropped: false });
  });

  it('every page has a rule, and its rule lists exactly the parameters the page and its loaders read', () => {
    const pages = sourceFiles('app').filter((file) => path.basename(file) === 'page.tsx');
    expect(pages.length).toBeGreaterThan(60);
    const undeclared: string[] = [];
    for (const file of pages) {
      const route = routeOf(file);
      const sample = route.replace(/\[\[?\.{0,3}[^\]]+\]\]?/g, 'x');
      const rules = PAGE_QUERY.filter((rule) => new RegExp(`^(?:${rule.path})$`).test(sample));
      const reads = [...queryReadsOf(file)].sort();
      if (route.startsWith('/redirect/')) {
        // It reads the whole query (`await searchParams` handed on as it is).
        expect(pageQueryParams(sample), file).toBe('any');
        continue;
      }
      if (rules.length > 1) undeclared.push(`${file}: ${rules.length} rules`);
      const declared = [...(pageQueryParams(sample) as readonly string[])].sort();
      if (reads.join() !== declared.join()) undeclared.push(`${file} reads [${reads}] but PAGE_QUERY says [${declared}]`);
    }
    expect(undeclared).toEqual([]);
  });

  it('the reader of the page’s parameters sees a parameter read in a loader two imports away (the check can fail)', () => {
    // The doctor list reads its filters in components/doctors/finder-filters.ts, through app/(care)/_lib.
    expect(queryReadsOf('app/(care)/doctorlist/[[...provinceId]]/page.tsx')).toContain('title');
    expect(queryReadsOf('app/(member)/dRecord/registration/page.tsx')).toContain('status');
  });

  it('nginx keeps no answer for a query with one: its map names exactly TRACKING_PARAMS, and the micro-cache bypasses by it', () => {
    const map = maps(NGINX).get('$shengai_tracking_query');
    expect(map?.source).toBe('$args');
    const names = /\(\?:\^\|&\)\(\?:([^)]+)\)/.exec(map!.body)![1]!.split('|');
    expect(names.map((n) => n.replace('[^=&]*', '')).sort()).toEqual([...TRACKING_PARAMS].sort());
    expect(directive(MICRO_CACHE, 'proxy_cache_bypass')).toContain('$shengai_tracking_query');
    expect(directive(MICRO_CACHE, 'proxy_no_cache')).toContain('$shengai_tracking_query');
  });
});

describe('what reads the request is declared', () => {
  it('every module that reads cookies or headers through next/headers is listed with the rule that covers it', () => {
    const readers = ['app', 'lib', 'components']
      .flatMap((dir) => sourceFiles(dir))
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return /from 'next\/headers'/.test(text) && /\b(?:cookies|headers)\(\)/.test(text);
      })
      .map((file) => file.split(path.sep).join('/'));
    expect(readers.sort()).toEqual(Object.keys(REQUEST_READERS).sort());
  });
});
