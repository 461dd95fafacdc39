/**
 * TW_User GetUserNums, GetStyleDisplay, GetThirdAppInfo (SPEC §7): the home
 * page's figures, display switches and third-party apps. The rest of TW_User
 * (doctors) is the clinics helper's users.ts.
 */
import type { EndpointMap } from '../types';
import { wholeList } from './content-helpers';
import type { WireThirdApp } from '@/lib/contract';

export const siteInfoEndpoints = {
  /** The group's figures: clinics, doctors, members, services. */
  'TW_User/GetUserNums': {
    access: 'public',
    handle: ({ db }) => {
      // The clinic and doctor figures are counted from the catalogue, never typed: the home page and
      // /aboutHospital claim exactly what the finder lists.
      const counted: Record<string, number> = {
        clinics: (db.prepare('SELECT COUNT(*) AS n FROM orgs').get() as { n: number }).n,
        doctors: (db.prepare('SELECT COUNT(*) AS n FROM doctors').get() as { n: number }).n,
      };
      const rows = db.prepare('SELECT Key, Label, Value, Unit FROM site_figures ORDER BY Sort, Key').all() as {
        Key: string; Label: string; Value: number; Unit: string;
      }[];
      return wholeList(rows.map((r) => (r.Key in counted ? { ...r, Value: counted[r.Key]! } : r)));
    },
  },

  /** Display switches of the home page; GrayMode greys the site on days of mourning. */
  'TW_User/GetStyleDisplay': {
    access: 'public',
    handle: ({ db }) => {
      const rows = db.prepare('SELECT Key, Value FROM site_settings').all() as { Key: string; Value: string }[];
      const get = (k: string) => rows.find((r) => r.Key === k)?.Value ?? '';
      return {
        GrayMode: get('GrayMode') === '1',
        ShowMatrix: get('ShowMatrix') !== '0',
        ShowCharity: get('ShowCharity') !== '0',
        Slogan: get('Slogan'),
      };
    },
  },

  'TW_User/GetThirdAppInfo': {
    access: 'public',
    handle: ({ db }) =>
      wholeList(db.prepare('SELECT ID, Name, Description, QrImage, Link FROM third_apps ORDER BY Sort, ID').all() as WireThirdApp[]),
  },
} satisfies EndpointMap;
