/**
 * DD_DataBaseClient/GetPriceList (the site's extension of SPEC §7, docs/api.md): 价格公示, the common treatment
 * prices and the registration fee of each doctor's title, counted from the doctors' own fees.
 */
import type { WirePriceList } from '../../contract';
import { TITLES } from '../seed/clinics-doctors-data';
import type { EndpointMap } from '../types';

export const priceListEndpoints = {
  'DD_DataBaseClient/GetPriceList': {
    access: 'public',
    handle: ({ db }): WirePriceList => {
      const items = db
        .prepare('SELECT item_id, category, name, unit, price_fen, note FROM price_items ORDER BY sort, item_id')
        .all() as { item_id: number; category: string; name: string; unit: string; price_fen: number; note: string }[];
      const fees = db
        .prepare('SELECT title, MIN(register_fee) AS min_fee, MAX(register_fee) AS max_fee, COUNT(*) AS n FROM doctors GROUP BY title')
        .all() as { title: string; min_fee: number; max_fee: number; n: number }[];
      // Senior titles first, in the order of the titles of the profession.
      const rank = (title: string) => ((TITLES as readonly string[]).indexOf(title) + TITLES.length + 1) % (TITLES.length + 1);
      fees.sort((a, b) => rank(a.title) - rank(b.title));
      return {
        DataList: items.map((r) => ({ ItemID: r.item_id, Category: r.category, Name: r.name, Unit: r.unit, Price: r.price_fen / 100, Note: r.note })),
        TotalCount: items.length,
        RegisterFees: fees.map((f) => ({ Title: f.title, MinFee: f.min_fee, MaxFee: f.max_fee, DoctorCount: f.n })),
      };
    },
  },
} satisfies EndpointMap;
