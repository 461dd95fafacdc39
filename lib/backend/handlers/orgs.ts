/**
 * TW_Org: provinces, clinic types, IP city, clinics, environment images and the
 * clinic's schedules (SPEC §7). Details answer Result.ReturnObject.
 */
import { BackendError, ErrorNo, type Database, type EndpointMap, type Fields } from '../types';
import { listResult, optionalInt, optionalString, paging, type FieldName } from '../fields';
import { likePattern, notFound, ORG_COLUMNS, ORG_FROM, requiredCode, wireOrg, type OrgRow } from './clinic-rows';
import { slotsFor } from './schedule-slots';

/** SPEC §9 / §3: the default province. */
const DEFAULT_PROVINCE_ID = 215;

const withDistance = new WeakSet<Database>();
/** Great-circle distance in km, as an SQL function so distance-sorted lists still page in SQL. */
function ensureDistanceFunction(db: Database) {
  if (withDistance.has(db)) return;
  db.function('distance_km', { deterministic: true }, (lat1, lng1, lat2, lng2) => {
    const rad = Math.PI / 180;
    const [a1, o1, a2, o2] = [lat1, lng1, lat2, lng2].map(Number) as [number, number, number, number];
    const h =
      Math.sin(((a2 - a1) * rad) / 2) ** 2 + Math.cos(a1 * rad) * Math.cos(a2 * rad) * Math.sin(((o2 - o1) * rad) / 2) ** 2;
    return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
  });
  withDistance.add(db);
}

function coordinate<F extends Fields>(fields: F, name: FieldName<F>, label: string, limit: number): number | null {
  const raw = optionalString(fields, name, label, 32);
  if (!raw) return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || Math.abs(n) > limit) throw new BackendError(ErrorNo.BAD_INPUT, `${label}格式不正确`);
  return n;
}

/**
 * IP → city for the embedded backend, which has no GeoIP database: a few demo
 * prefixes, and every other address (including local ones) resolves to 昆明.
 */
const IP_CITIES: [prefix: string, provinceId: number, city: string, lat: number, lng: number][] = [
  ['222.172.', 215, '昆明', 25.0406, 102.7123],
  ['116.52.', 215, '大理', 25.6065, 100.2676],
  ['58.16.', 216, '贵阳', 26.647, 106.6302],
  ['125.70.', 214, '成都', 30.5728, 104.0668],
  ['113.15.', 219, '南宁', 22.817, 108.3665],
];

export const orgEndpoints = {
  /** The province list: DataList [{ProvinceID, ProvinceName, HospitalCount, IsDefault}]. */
  'TW_Org/GetProvincetList': {
    access: 'public',
    handle: ({ db }) => {
      const rows = db
        .prepare(
          `SELECT p.province_id, p.name, (SELECT COUNT(*) FROM orgs o WHERE o.province_id = p.province_id) AS n
           FROM provinces p ORDER BY p.sort`,
        )
        .all() as { province_id: number; name: string; n: number }[];
      return {
        DataList: rows.map((r) => ({
          ProvinceID: r.province_id,
          ProvinceName: r.name,
          HospitalCount: r.n,
          IsDefault: r.province_id === DEFAULT_PROVINCE_ID ? 1 : 0,
        })),
        TotalCount: rows.length,
      };
    },
  },
  /** Clinic types: DataList [{SaleTypeID, SaleTypeName}]. */
  'TW_Org/GetSaleType': {
    access: 'public',
    handle: ({ db }) => {
      const rows = db.prepare('SELECT sale_type_id, name FROM sale_types ORDER BY sale_type_id').all() as {
        sale_type_id: number;
        name: string;
      }[];
      return { DataList: rows.map((r) => ({ SaleTypeID: r.sale_type_id, SaleTypeName: r.name })), TotalCount: rows.length };
    },
  },
  /** City of an IP (Ip field, else the caller's): ReturnObject {ProvinceID, ProvinceName, CityName, Lat, Lng}. */
  'TW_Org/GetAliyunCity': {
    access: 'public',
    handle: ({ db, fields, ip }) => {
      const asked = optionalString(fields, 'Ip', 'IP地址', 64) || ip;
      if (!/^[0-9a-fA-F:.]+$/.test(asked)) throw new BackendError(ErrorNo.BAD_INPUT, 'IP地址格式不正确');
      const hit = IP_CITIES.find(([prefix]) => asked.startsWith(prefix)) ?? IP_CITIES[0]!;
      const [, provinceId, city, lat, lng] = hit;
      const province = db.prepare('SELECT name FROM provinces WHERE province_id = ?').get(provinceId) as { name: string };
      return { ReturnObject: { Ip: asked, ProvinceID: provinceId, ProvinceName: province.name, CityName: city, Lat: lat, Lng: lng } };
    },
  },
  /**
   * Clinics: ProvinceID, Keyword, SaleTypeID, Lat+Lng (adds Distance in km and sorts nearest first),
   * PageIndex, PageSize.
   */
  'TW_Org/GetOrgList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const page = paging(fields, { defaultSize: 10, maxSize: 100 });
      const provinceId = optionalInt(fields, 'ProvinceID', '省份ID', { min: 0 });
      const saleType = optionalInt(fields, 'SaleTypeID', '门诊类型', { min: 0 });
      const keyword = optionalString(fields, 'Keyword', '关键词', 50);
      const lat = coordinate(fields, 'Lat', '纬度', 90);
      const lng = coordinate(fields, 'Lng', '经度', 180);
      const where: string[] = [];
      const args: (string | number)[] = [];
      if (provinceId) {
        where.push('o.province_id = ?');
        args.push(provinceId);
      }
      if (saleType) {
        where.push('o.sale_type_id = ?');
        args.push(saleType);
      }
      if (keyword) {
        where.push(`(o.name LIKE ? ESCAPE '\\' OR o.address LIKE ? ESCAPE '\\' OR o.city LIKE ? ESCAPE '\\')`);
        const p = likePattern(keyword);
        args.push(p, p, p);
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM orgs o ${whereSql}`).get(...args) as { n: number }).n;
      const near = lat !== null && lng !== null;
      if (near) ensureDistanceFunction(db);
      const distanceSql = near ? ', distance_km(?, ?, o.lat, o.lng) AS distance' : '';
      const rows = db
        .prepare(
          `SELECT ${ORG_COLUMNS}${distanceSql} FROM ${ORG_FROM} ${whereSql}
           ORDER BY ${near ? 'distance ASC,' : ''} o.sort, o.org_id LIMIT ? OFFSET ?`,
        )
        .all(...(near ? [lat, lng] : []), ...args, page.pageSize, page.offset) as OrgRow[];
      return listResult(rows.map(wireOrg), total, page);
    },
  },
  /** One clinic: HospitalCode → ReturnObject (wire org + Insurance names). */
  'TW_Org/GetOrgSingle': {
    access: 'public',
    handle: ({ db, fields }) => {
      const code = requiredCode(fields, 'HospitalCode', '门诊编码');
      const row = db.prepare(`SELECT ${ORG_COLUMNS} FROM ${ORG_FROM} WHERE o.code = ?`).get(code) as OrgRow | undefined;
      if (!row) notFound('门诊');
      return { ReturnObject: wireOrg(row) };
    },
  },
  /** Environment images: HospitalCode → DataList [{ImageID, ImageUrl, Title}]. */
  'TW_Org/GetOrgEnvironmentImage': {
    access: 'public',
    handle: ({ db, fields }) => {
      const code = requiredCode(fields, 'HospitalCode', '门诊编码');
      if (!db.prepare('SELECT 1 FROM orgs WHERE code = ?').get(code)) notFound('门诊');
      const rows = db
        .prepare('SELECT image_id, url, title FROM org_images WHERE org_code = ? ORDER BY sort, image_id')
        .all(code) as { image_id: number; url: string; title: string }[];
      return {
        DataList: rows.map((r) => ({ ImageID: r.image_id, ImageUrl: r.url, Title: r.title })),
        TotalCount: rows.length,
      };
    },
  },
  /** The clinic's schedules for the next 14 days (or one Date): HospitalCode → DataList of slots. */
  'TW_Org/GetSchedOrgList': {
    access: 'public',
    handle: ({ db, fields, now }) => {
      const code = requiredCode(fields, 'HospitalCode', '门诊编码');
      const date = optionalString(fields, 'Date', '日期', 20);
      if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new BackendError(ErrorNo.BAD_INPUT, '日期格式应为yyyy-mm-dd');
      if (!db.prepare('SELECT 1 FROM orgs WHERE code = ?').get(code)) notFound('门诊');
      const slots = slotsFor(db, { orgCode: code }, now, { onlyDate: date || undefined });
      return { DataList: slots, TotalCount: slots.length };
    },
  },
} satisfies EndpointMap;
