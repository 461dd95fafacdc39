/**
 * WechatClient/PcWebUrl (SPEC §7 Web URL): the mobile client's address for a
 * desktop page, so proxy.ts can send phones and in-app browsers there with the
 * page they asked for. Result: { Url }.
 */
import { optionalString, requiredString } from '../fields';
import { BackendError, ErrorNo, type EndpointMap } from '../types';

/** The mobile client's origin (a separate site, SPEC §1). */
export function mobileClientOrigin(): string {
  return (process.env.MOBILE_CLIENT_URL || 'https://m.shengai-tcm.example').replace(/\/+$/, '');
}

const PLATFORMS = ['H5', 'WeChat', 'QQ', 'Alipay', 'iOS', 'Android', 'Tablet', 'Other'] as const;

export const webUrlEndpoints = {
  'WechatClient/PcWebUrl': {
    access: 'public',
    handle: ({ fields }) => {
      const platform = optionalString(fields, 'PlatformType', '平台类型', 32) || 'H5';
      if (!(PLATFORMS as readonly string[]).includes(platform)) {
        throw new BackendError(ErrorNo.BAD_INPUT, '平台类型取值无效');
      }
      const url = requiredString(fields, 'url', '页面地址', 2048);
      if (!url.startsWith('/') || url.startsWith('//')) throw new BackendError(ErrorNo.BAD_INPUT, '页面地址应为站内路径');
      const parms = optionalString(fields, 'Parms', '页面参数', 2048).replace(/^\?/, '');
      const target = new URL(`${mobileClientOrigin()}/pages/redirect`);
      target.searchParams.set('from', parms ? `${url}?${parms}` : url);
      target.searchParams.set('platform', platform);
      return { Url: target.toString(), PlatformType: platform };
    },
  },
} satisfies EndpointMap;
