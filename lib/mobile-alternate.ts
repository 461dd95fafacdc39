/**
 * The desktop page's mobile twin for search engines (docs/seo-sharing.md "Mobile address"): the site sends
 * phones to a separate mobile client (proxy.ts, SPEC §1), so each desktop page names the mobile
 * address with <link rel="alternate" media="only screen and (max-width: 640px)">, as Google and
 * Baidu expect from a site with separate mobile URLs. proxy.ts passes the page's path to the render
 * in PAGE_PATH_HEADER; the root layout asks WechatClient/PcWebUrl (platform H5) for its address.
 */
export const PAGE_PATH_HEADER = 'x-shengai-page-path';
export const MOBILE_ALTERNATE_MEDIA = 'only screen and (max-width: 640px)';

import { rememberedLookup } from '@/lib/remembered-lookup';

const addresses = rememberedLookup<string>({ ttlMs: 10 * 60_000, failureTtlMs: 30_000, maxEntries: 2000 });

/**
 * The mobile address of a site path (with its query), or null when there is none (the API failed
 * or answered something that is not an http(s) address). Cached briefly, failures for less.
 */
export async function mobileAlternateUrl(
  pathWithQuery: string,
  lookup: (input: { platform: string; path: string; query: string }) => Promise<string>,
): Promise<string | null> {
  if (!pathWithQuery.startsWith('/') || pathWithQuery.startsWith('//')) return null;
  const [path, query = ''] = pathWithQuery.split(/\?(.*)/s, 2);
  return addresses(pathWithQuery, async () => {
    const raw = await lookup({ platform: 'H5', path: path!, query });
    return /^https?:\/\//i.test(raw) ? raw : null;
  });
}
