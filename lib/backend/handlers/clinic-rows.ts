/**
 * Row → wire shapes shared by the TW_Org, TW_User, TW_Evaluate and collection
 * handlers (SPEC §2). Wire names are PascalCase in SPEC §3/§7 style.
 */
import { BackendError, ErrorNo, type Database, type Fields } from '../types';
import type { WireDoctor, WireOrg } from '@/lib/contract';
import { optionalString, type FieldName } from '../fields';

export const DOCTOR_COLUMNS = `d.doctor_id, d.appointment_code, d.name, d.title, d.org_code, d.province_id, d.department,
  d.specialties, d.avatar, d.praise_rate, d.service_count, d.fans, d.consult_online, d.consult_fee, d.register_fee,
  o.name AS org_name, o.city AS city`;

export interface DoctorRow {
  doctor_id: number;
  appointment_code: string;
  name: string;
  title: string;
  org_code: string;
  province_id: number;
  department: string;
  specialties: string;
  avatar: string;
  praise_rate: number;
  service_count: number;
  fans: number;
  consult_online: number;
  consult_fee: number;
  register_fee: number;
  org_name: string;
  city: string;
  intro?: string;
}

export function wireDoctor(r: DoctorRow): WireDoctor {
  return {
    DoctorID: r.doctor_id,
    AppointmentCode: r.appointment_code,
    DoctorName: r.name,
    DoctorTitle: r.title,
    Department: r.department,
    HospitalCode: r.org_code,
    HospitalName: r.org_name,
    CityName: r.city,
    ProvinceID: r.province_id,
    GoodAt: r.specialties,
    Avatar: r.avatar,
    PraiseRate: r.praise_rate,
    ServiceCount: r.service_count,
    Fans: r.fans,
    IsOnlineConsult: r.consult_online,
    ConsultFee: r.consult_fee,
    RegisterFee: r.register_fee,
  };
}

export interface OrgRow {
  org_id: number;
  code: string;
  name: string;
  province_id: number;
  province_name: string;
  city: string;
  address: string;
  phone: string;
  hours: string;
  lat: number;
  lng: number;
  image: string;
  intro: string;
  traffic: string;
  sale_type_id: number;
  sale_type_name: string;
  collect_count: number;
  doctor_count: number;
  distance?: number | null;
}

export const ORG_COLUMNS = `o.org_id, o.code, o.name, o.province_id, p.name AS province_name, o.city, o.address, o.phone,
  o.hours, o.lat, o.lng, o.image, o.intro, o.traffic, o.sale_type_id, s.name AS sale_type_name, o.collect_count,
  (SELECT COUNT(*) FROM doctors dd WHERE dd.org_code = o.code) AS doctor_count`;
export const ORG_FROM = `orgs o JOIN provinces p ON p.province_id = o.province_id
  LEFT JOIN sale_types s ON s.sale_type_id = o.sale_type_id`;

export function wireOrg(r: OrgRow): WireOrg {
  return {
    HospitalID: r.org_id,
    HospitalCode: r.code,
    HospitalName: r.name,
    ProvinceID: r.province_id,
    ProvinceName: r.province_name,
    CityName: r.city,
    Address: r.address,
    Phone: r.phone,
    OpenHours: r.hours,
    Lat: r.lat,
    Lng: r.lng,
    Image: r.image,
    Introduction: r.intro,
    Traffic: r.traffic,
    SaleTypeID: r.sale_type_id,
    SaleTypeName: r.sale_type_name ?? '',
    CollectCount: r.collect_count,
    DoctorCount: r.doctor_count,
    // km from the caller's Lat/Lng, when given (SPEC §9 shows under 1 km in meters).
    Distance: r.distance ?? null,
  };
}

/** Codes are short ASCII identifiers; anything else is a clear bad input, never a query. */
const CODE_RE = /^[A-Za-z0-9_-]{1,40}$/;

export function requiredCode<F extends Fields>(fields: F, name: FieldName<F>, label: string): string {
  const value = optionalString(fields, name, label, 200);
  if (!value) throw new BackendError(ErrorNo.BAD_INPUT, `缺少${label}`);
  if (!CODE_RE.test(value)) throw new BackendError(ErrorNo.BAD_INPUT, `${label}格式不正确`);
  return value;
}

export function optionalCode<F extends Fields>(fields: F, name: FieldName<F>, label: string): string {
  const value = optionalString(fields, name, label, 200);
  if (value && !CODE_RE.test(value)) throw new BackendError(ErrorNo.BAD_INPUT, `${label}格式不正确`);
  return value;
}

export function notFound(what: string): never {
  throw new BackendError(ErrorNo.NOT_FOUND, `${what}不存在`);
}

/** Escapes LIKE wildcards in a keyword. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function doctorByCode(db: Database, code: string): DoctorRow {
  const row = db
    .prepare(`SELECT ${DOCTOR_COLUMNS}, d.intro FROM doctors d JOIN orgs o ON o.code = d.org_code WHERE d.appointment_code = ?`)
    .get(code) as DoctorRow | undefined;
  return row ?? notFound('医生');
}

export function doctorById(db: Database, id: number): DoctorRow {
  const row = db
    .prepare(`SELECT ${DOCTOR_COLUMNS}, d.intro FROM doctors d JOIN orgs o ON o.code = d.org_code WHERE d.doctor_id = ?`)
    .get(id) as DoctorRow | undefined;
  return row ?? notFound('医生');
}

/** The calendar date in China (UTC+8), for schedules: yyyy-mm-dd. */
export function chinaDate(date: Date, addDays = 0): { date: string; weekday: number } {
  const shifted = new Date(date.getTime() + 8 * 3_600_000 + addDays * 86_400_000);
  return { date: shifted.toISOString().slice(0, 10), weekday: shifted.getUTCDay() };
}

/** The start of the China day `date` falls in, as an ISO instant (the tables' created_at is stored in ISO UTC). */
export function chinaDayStartIso(date: Date): string {
  return new Date(`${chinaDate(date).date}T00:00:00+08:00`).toISOString();
}

export const WEEKDAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** FNV-1a: a stable "booked" count per slot, so remaining numbers look real and stay stable. */
export function slotHash(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
