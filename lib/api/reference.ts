import 'server-only';
/**
 * Reference data (SPEC §7 TW_Org, DD_DataBaseClient): provinces, clinic types,
 * shifts, medical insurance, and the city of an IP address (GetAliyunCity).
 */
import { cachedRead, CACHE_TAGS, REVALIDATE } from './cache';
import { publicRead } from './public';
import type { WireProvince } from '@/lib/contract';

export interface Province {
  id: number;
  name: string;
  clinicCount: number;
  isDefault: boolean;
}
export interface Shift {
  id: number;
  name: string;
  start: string;
  end: string;
}
export interface Insurance {
  id: number;
  name: string;
  remark: string;
}
export interface IpLocation {
  provinceId: number;
  provinceName: string;
  city: string;
  lat: number;
  lng: number;
}

const reshapeProvince = (w: WireProvince): Province => ({
  id: w.ProvinceID,
  name: w.ProvinceName,
  clinicCount: w.HospitalCount ?? 0,
  isDefault: w.IsDefault === 1,
});

export function getProvinces(): Promise<Province[]> {
  return cachedRead(
    ['provinces'],
    async () => (await publicRead('TW_Org/GetProvincetList')).DataList.map(reshapeProvince),
    { tags: [CACHE_TAGS.provinces], revalidate: REVALIDATE.reference },
  );
}

export function getShifts(): Promise<Shift[]> {
  return cachedRead(
    ['shifts'],
    async () =>
      (await publicRead('DD_DataBaseClient/GetDataBaseShift')).DataList.map((w) => ({
        id: w.ShiftID,
        name: w.ShiftName,
        start: w.StartTime,
        end: w.EndTime,
      })),
    { tags: [CACHE_TAGS.provinces], revalidate: REVALIDATE.reference },
  );
}

/** Insurance accepted by a clinic (or every kind the group accepts). */
export function getInsurance(clinicCode?: string): Promise<Insurance[]> {
  return cachedRead(
    ['insurance', clinicCode ?? ''],
    async () =>
      (
        await publicRead('DD_DataBaseClient/GetMedicalInsurance', { HospitalCode: clinicCode })
      ).DataList.map((w) => ({ id: w.InsuranceID, name: w.InsuranceName, remark: w.Remark })),
    { tags: [CACHE_TAGS.clinics], revalidate: REVALIDATE.reference },
  );
}

/** The visitor's city by IP (SPEC §2: IP location where it helps); null when it cannot tell. Not cached per IP. */
export async function locateByIp(ip: string): Promise<IpLocation | null> {
  try {
    const r = await publicRead('TW_Org/GetAliyunCity', { Ip: ip });
    const w = r.ReturnObject;
    return { provinceId: w.ProvinceID, provinceName: w.ProvinceName, city: w.CityName, lat: w.Lat, lng: w.Lng };
  } catch {
    return null;
  }
}
