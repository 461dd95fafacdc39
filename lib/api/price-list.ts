import 'server-only';
/**
 * 价格公示 (DD_DataBaseClient/GetPriceList, the site's extension of SPEC §7, docs/api.md): the common treatment
 * prices the clinics publish and the registration fee of each doctor's title.
 */
import { CACHE_TAGS, REVALIDATE, cachedRead } from './cache';
import { publicRead } from './public';

export interface PriceItem {
  id: number;
  category: string;
  name: string;
  unit: string;
  /** Yuan. */
  price: number;
  note: string;
}

export interface RegisterFee {
  title: string;
  /** Yuan: the lowest and highest fee of the title's doctors (equal when one fee). */
  minFee: number;
  maxFee: number;
  doctorCount: number;
}

export interface PriceList {
  items: PriceItem[];
  registerFees: RegisterFee[];
}

export function getPriceList(): Promise<PriceList> {
  return cachedRead(
    ['price-list'],
    async () => {
      const r = await publicRead('DD_DataBaseClient/GetPriceList');
      return {
        items: r.DataList.map((w) => ({ id: w.ItemID, category: w.Category, name: w.Name, unit: w.Unit, price: w.Price, note: w.Note })),
        registerFees: (r.RegisterFees ?? []).map((w) => ({ title: w.Title, minFee: w.MinFee, maxFee: w.MaxFee, doctorCount: w.DoctorCount })),
      };
    },
    { tags: [CACHE_TAGS.prices], revalidate: REVALIDATE.reference },
  );
}
