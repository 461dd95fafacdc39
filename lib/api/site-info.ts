import 'server-only';
/**
 * The home page's figures, display switches and third-party apps (SPEC §7
 * TW_User GetUserNums, GetStyleDisplay, GetThirdAppInfo).
 */
import { CACHE_TAGS, REVALIDATE, cachedRead } from './cache';
import { publicRead } from './public';

export interface SiteFigure {
  key: string;
  label: string;
  value: number;
  unit: string;
}

export interface StyleDisplay {
  grayMode: boolean;
  showMatrix: boolean;
  showCharity: boolean;
  slogan: string;
}

export interface ThirdApp {
  id: number;
  name: string;
  description: string;
  qrImage: string;
  href: string;
}

const options = { tags: [CACHE_TAGS.home], revalidate: REVALIDATE.content };

export function getSiteFigures(): Promise<SiteFigure[]> {
  return cachedRead(
    ['site-figures'],
    async () =>
      (
        await publicRead('TW_User/GetUserNums')
      ).DataList.map((w) => ({ key: w.Key, label: w.Label, value: w.Value, unit: w.Unit })),
    options,
  );
}

export function getStyleDisplay(): Promise<StyleDisplay> {
  return cachedRead(
    ['style-display'],
    async () => {
      const w = await publicRead(
        'TW_User/GetStyleDisplay',
      );
      return { grayMode: !!w.GrayMode, showMatrix: w.ShowMatrix !== false, showCharity: w.ShowCharity !== false, slogan: w.Slogan ?? '' };
    },
    options,
  );
}

export function getThirdApps(): Promise<ThirdApp[]> {
  return cachedRead(
    ['third-apps'],
    async () =>
      (
        await publicRead(
          'TW_User/GetThirdAppInfo',
        )
      ).DataList.map((w) => ({ id: w.ID, name: w.Name, description: w.Description, qrImage: w.QrImage, href: w.Link })),
    options,
  );
}
