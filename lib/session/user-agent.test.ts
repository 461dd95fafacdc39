import { describe, expect, it } from 'vitest';
import { mobilePlatform } from './user-agent';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  wechat: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560 NetType/WIFI',
  qq: 'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 Chrome/98.0 Mobile Safari/537.36 QQ/8.9.28.635',
  alipay: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 AlipayClient/10.3.0',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  googlebotMobile: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  baidu: 'Mozilla/5.0 (Linux;u;Android 4.2.2;zh-cn;) AppleWebKit/534.46 (KHTML,like Gecko) Version/5.1 Mobile Safari/10600.6.3 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
};

describe('mobilePlatform (proxy.ts redirect rule)', () => {
  it('names the platform of phones, tablets and in-app browsers', () => {
    expect(mobilePlatform(UA.iphone)).toBe('iOS');
    expect(mobilePlatform(UA.ipad)).toBe('Tablet');
    expect(mobilePlatform(UA.android)).toBe('Android');
    expect(mobilePlatform(UA.wechat)).toBe('WeChat');
    expect(mobilePlatform(UA.qq)).toBe('QQ');
    expect(mobilePlatform(UA.alipay)).toBe('Alipay');
  });

  it('keeps desktop browsers and crawlers (even mobile crawlers) on the desktop site', () => {
    expect(mobilePlatform(UA.desktop)).toBeNull();
    expect(mobilePlatform(UA.googlebotMobile)).toBeNull();
    expect(mobilePlatform(UA.baidu)).toBeNull();
    expect(mobilePlatform('')).toBeNull();
  });
});
