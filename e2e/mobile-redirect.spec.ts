/**
 * proxy.ts mobile redirect (SPEC §4): phones, tablets and in-app browsers go
 * to the PcWebUrl address carrying the page; desktop browsers and crawlers
 * stay; an API failure serves the desktop site.
 */
import { expect, test } from '@playwright/test';
import { failNext } from './auth-helpers';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  wechat: 'Mozilla/5.0 (Linux; Android 13; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

for (const [name, ua] of Object.entries({ iPhone: UA.iphone, Android: UA.android, 'WeChat in-app': UA.wechat })) {
  test(`${name} is redirected to the mobile client with the page`, async ({ request }) => {
    const res = await request.get('/doctorlist?sort=praise', { headers: { 'user-agent': ua }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    const location = new URL(res.headers()['location']!);
    expect(location.origin).not.toBe(new URL(test.info().project.use.baseURL!).origin);
    expect(location.searchParams.get('from')).toBe('/doctorlist?sort=praise');
  });
}

for (const [name, ua] of Object.entries({ 'a desktop browser': UA.desktop, Googlebot: UA.googlebot })) {
  test(`${name} gets the desktop site`, async ({ request }) => {
    const res = await request.get('/doctorlist', { headers: { 'user-agent': ua }, maxRedirects: 0 });
    expect(res.status()).toBe(200);
  });
}

test('when PcWebUrl fails, the phone gets the desktop site', async ({ request }) => {
  // Only the call for this request fails (its Parms carry the stamp): a page another worker renders meanwhile asks
  // PcWebUrl too (the root layout's mobile-alternate link) and must not take the failure.
  const stamp = `from-e2e=${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await failNext(request, 'WechatClient/PcWebUrl', { match: stamp });
  const res = await request.get(`/trendsInfor?${stamp}`, { headers: { 'user-agent': UA.iphone }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('圣爱中医');
});
