/**
 * Which browsers proxy.ts sends to the mobile client (SPEC §1): phones,
 * tablets and in-app browsers (WeChat, QQ, Alipay…), never search-engine
 * crawlers. Answers the PcWebUrl PlatformType, or null for the desktop site.
 */
const CRAWLER =
  /bot\b|bot\/|spider|crawl|slurp|Baiduspider|Googlebot|bingbot|YandexBot|Sogou|360Spider|Bytespider|YisouSpider|facebookexternalhit|Mediapartners|AdsBot|Lighthouse/i;
const IN_APP = /MicroMessenger|\bQQ\/|MQQBrowser|AlipayClient|Weibo|DingTalk|Lark|ToutiaoMicroApp/i;
const MOBILE = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|HarmonyOS|BlackBerry|Opera Mini|IEMobile|Tablet/i;

/** A search engine's crawler or a link previewer, by its own name (lib/page-cache/serve.ts answers it from older copies). */
export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

export function mobilePlatform(userAgent: string): string | null {
  if (!userAgent || isCrawler(userAgent)) return null;
  if (/MicroMessenger/i.test(userAgent)) return 'WeChat';
  if (/AlipayClient/i.test(userAgent)) return 'Alipay';
  if (/\bQQ\/|MQQBrowser/i.test(userAgent)) return 'QQ';
  if (IN_APP.test(userAgent)) return 'Other';
  if (/iPad|Tablet/i.test(userAgent)) return 'Tablet';
  if (/iPhone|iPod/i.test(userAgent)) return 'iOS';
  if (/Android/i.test(userAgent)) return 'Android';
  if (MOBILE.test(userAgent)) return 'H5';
  return null;
}
