import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLoginRequiredPath, navGroups, routes, safeInternalPath, staticPublicPaths, withQuery } from './routes';

/** The folder under app/ that serves these URL segments, looking inside route groups (`(care)`), which add none. */
function routeDir(dir: string, segments: string[]): string | undefined {
  if (segments.length === 0) return dir;
  const [head, ...rest] = segments;
  const entries = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
  if (entries.some((d) => d.name === head)) return routeDir(path.join(dir, head!), rest);
  for (const group of entries.filter((d) => /^\(.+\)$/.test(d.name))) {
    const found = routeDir(path.join(dir, group.name), segments);
    if (found) return found;
  }
  return undefined;
}

describe('routes (SPEC §2 spelling)', () => {
  it('builds paths with SPEC capitals and optional segments', () => {
    expect(routes.doctorList()).toBe('/doctorlist');
    expect(routes.doctorList(215, { sort: 'praise', page: 2 })).toBe('/doctorlist/215?sort=praise&page=2');
    expect(routes.doctorDetail('D 1/2')).toBe('/doctordetail/D%201%2F2');
    expect(routes.onlineExpert()).toBe('/CloudIMClient/OnlineExpert/Index');
    expect(routes.doctorConsultEvaluations(7)).toBe('/OnlineQuestjudgeList/7');
    expect(routes.onlineDoctorDetail('A1')).toBe('/onliedoctordetail/A1');
    expect(routes.pointsExchange()).toBe('/integralChage');
    expect(routes.newsDetail(12)).toBe('/newtdetail/12');
    expect(routes.newsDetail(12, 3)).toBe('/newtdetail/12/3');
    expect(routes.growingUpDetail(5)).toBe('/Growingupdetail?id=5');
    expect(routes.registrationRecords()).toBe('/dRecord/registration');
  });
  it('drops empty query values', () => {
    expect(withQuery('/x', { a: '', b: undefined, c: 0, d: 'y' })).toBe('/x?c=0&d=y');
  });
  it('has a page in app/ for every static public path and nav link', () => {
    const internal = [
      ...staticPublicPaths,
      ...navGroups.flatMap((g) => [g.href, ...g.links.map((l) => l.href), ...(g.sections ?? []).flatMap((s) => s.links.map((l) => l.href))]),
    ].filter((href) => href.startsWith('/'));
    for (const href of internal) {
      const pathname = href.split('?')[0]!;
      const dir = routeDir(path.join(process.cwd(), 'app'), pathname.split('/').filter(Boolean));
      const exists =
        dir !== undefined &&
        (fs.existsSync(path.join(dir, 'page.tsx')) ||
          fs.readdirSync(dir, { withFileTypes: true }).some((d) => d.isDirectory() && d.name.startsWith('[[')));
      expect(exists, `app page for ${pathname}`).toBe(true);
    }
  });
  it('marks exactly the SPEC §2 login-required pages', () => {
    expect(isLoginRequiredPath('/userIndex')).toBe(true);
    expect(isLoginRequiredPath('/modifyInfor')).toBe(true);
    expect(isLoginRequiredPath('/dRecord/registration')).toBe(true);
    expect(isLoginRequiredPath('/userIndexx')).toBe(false);
    expect(isLoginRequiredPath('/memberServices')).toBe(false);
    // 图文问诊: the form and 我的问诊 are guarded; one question's page is a 404 to anyone but its asker instead.
    expect(isLoginRequiredPath('/ask')).toBe(true);
    expect(isLoginRequiredPath('/dRecord/consultation')).toBe(true);
    expect(isLoginRequiredPath('/dRecord/consultation/Q20261127ABCDEF1234')).toBe(false);
  });
});

describe('the nav (SPEC §2 groups)', () => {
  it('holds every group, the help centre and the external links', () => {
    expect(navGroups.map((g) => g.label)).toEqual(['首页', '看诊服务', '重点专科', '会员服务', '圣爱公益', '关于我们', '加入我们']);
    const services = navGroups.find((g) => g.label === '看诊服务')!;
    // 价格公示 is a page of the site; the official link sits on it.
    expect(services.links.find((l) => l.label === '价格公示')).toEqual({ label: '价格公示', href: '/pricePublicity' });
    // 中医体质辨识 is reached from the header (docs/constitution.md) and listed in the sitemap; its archive is a member page.
    expect(services.links.find((l) => l.label === '体质辨识')).toEqual({ label: '体质辨识', href: '/tizhi' });
    expect(staticPublicPaths).toContain('/tizhi');
    expect(isLoginRequiredPath('/dRecord/constitution')).toBe(true);
    const members = navGroups.find((g) => g.label === '会员服务')!;
    expect(members.sections?.[0]?.links.map((l) => l.href)).toEqual(['/registrationQuestion', '/membershipIssues', '/otherQuestions']);
    const join = navGroups.find((g) => g.label === '加入我们')!;
    expect(join.links.map((l) => l.label)).toEqual(['社会招聘', '校园招聘']);
    // No recruitment site configured (as here): the site's own openings of the channel, never an example host.
    expect(join.links.map((l) => l.href)).toEqual(['/aboutHospital?jobChannel=social#join-us', '/aboutHospital?jobChannel=campus#join-us']);
    for (const group of navGroups) for (const l of group.links) expect(l.href, l.label).not.toMatch(/\.example\b/);
  });
});

describe('safeInternalPath (/redirect helper, never an open redirect)', () => {
  it.each([
    ['/doctorlist', '/doctorlist'],
    ['/doctorlist/215?sort=praise', '/doctorlist/215?sort=praise'],
    ['/newtdetail/3#top', '/newtdetail/3#top'],
  ])('keeps internal %s', (input, output) => {
    expect(safeInternalPath(input)).toBe(output);
  });
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '',
    '/\t/evil.example',
    '/redirect//evil.example',
    '%2F%2Fevil.example',
    '/%E0%A4%A',
  ])('refuses %j', (input) => {
    expect(safeInternalPath(input)).toBeNull();
  });
  it('refuses a huge path', () => {
    expect(safeInternalPath(`/${'a'.repeat(3000)}`)).toBeNull();
  });
});
