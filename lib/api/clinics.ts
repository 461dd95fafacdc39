import 'server-only';
/**
 * Clinics (SPEC §7 TW_Org): list, detail, environment images, the clinic's
 * schedules. Public data, cached across users. Distance to the visitor is
 * computed on the page from lat/lng, so the cached list stays shared.
 */
import { cachedRead, CACHE_TAGS, REVALIDATE } from './cache';
import { reshapeSlot, type ScheduleSlot } from './doctors';
import { orNull, readAll, reshapePage } from './list-page';
import { publicRead } from './public';
import type { Page } from './types';
import type { WireOrg } from '@/lib/contract';

export interface ClinicSummary {
  code: string;
  name: string;
  city: string;
  address: string;
  phone: string;
  image: string;
  lat: number;
  lng: number;
}

export interface Clinic extends ClinicSummary {
  provinceId: number;
  provinceName: string;
  hours: string;
  introduction: string;
  traffic: string;
  typeName: string;
  collectCount: number;
  doctorCount: number;
}

export interface ClinicImage {
  id: number;
  url: string;
  title: string;
}

const reshapeSummary = (w: WireOrg): ClinicSummary => ({
  code: w.HospitalCode,
  name: w.HospitalName,
  city: w.CityName,
  address: w.Address,
  phone: w.Phone,
  image: w.Image,
  lat: w.Lat,
  lng: w.Lng,
});

const reshapeClinic = (w: WireOrg): Clinic => ({
  ...reshapeSummary(w),
  provinceId: w.ProvinceID,
  provinceName: w.ProvinceName,
  hours: w.OpenHours,
  introduction: w.Introduction,
  traffic: w.Traffic,
  typeName: w.SaleTypeName,
  collectCount: w.CollectCount,
  doctorCount: w.DoctorCount,
});

export interface ClinicQuery {
  provinceId?: number;
  keyword?: string;
  /** A clinic type (GetSaleType). */
  saleTypeId?: number;
  /** The visitor's position: the list comes nearest first (GetOrgList Lat/Lng). */
  near?: { lat: number; lng: number };
  page?: number;
  pageSize?: number;
}

export interface SaleType {
  id: number;
  name: string;
}

export function getClinicPage(q: ClinicQuery): Promise<Page<ClinicSummary>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const fields = {
    ProvinceID: q.provinceId,
    Keyword: q.keyword?.trim() || undefined,
    SaleTypeID: q.saleTypeId,
    Lat: q.near?.lat,
    Lng: q.near?.lng,
    PageIndex: page,
    PageSize: pageSize,
  };
  return cachedRead(
    ['clinic-page', JSON.stringify(fields)],
    async () => reshapePage(await publicRead('TW_Org/GetOrgList', fields), reshapeSummary, { page, pageSize }),
    // A searched keyword is the visitor's text: bounded memory, never the data cache on disk (lib/api/cache.ts).
    { tags: [CACHE_TAGS.clinics], revalidate: REVALIDATE.content, visitorChosen: Boolean(fields.Keyword) },
  );
}

/** The clinic types (TW_Org/GetSaleType), for the clinic list's type filter. */
export function getSaleTypes(): Promise<SaleType[]> {
  return cachedRead(
    ['sale-types'],
    async () =>
      (await publicRead('TW_Org/GetSaleType')).DataList.map((w) => ({
        id: w.SaleTypeID,
        name: w.SaleTypeName,
      })),
    { tags: [CACHE_TAGS.clinics], revalidate: REVALIDATE.content },
  );
}

/** One clinic by HospitalCode; null when unknown or malformed. */
export function getClinic(code: string): Promise<Clinic | null> {
  return cachedRead(
    ['clinic', code],
    () =>
      orNull(
        publicRead('TW_Org/GetOrgSingle', { HospitalCode: code }).then((r) => reshapeClinic(r.ReturnObject)),
      ),
    { tags: [CACHE_TAGS.clinics, CACHE_TAGS.clinic(code)], revalidate: REVALIDATE.content },
  );
}

export function getClinicImages(code: string): Promise<ClinicImage[]> {
  return cachedRead(
    ['clinic-images', code],
    async () =>
      (
        (await orNull(
          publicRead('TW_Org/GetOrgEnvironmentImage', {
            HospitalCode: code,
          }),
        )) ?? { DataList: [] }
      ).DataList.map((w) => ({ id: w.ImageID, url: w.ImageUrl, title: w.Title })),
    { tags: [CACHE_TAGS.clinic(code)], revalidate: REVALIDATE.content },
  );
}

/** The clinic's schedule slots for the next 14 days (GetSchedOrgList). */
export function getClinicSchedule(code: string): Promise<ScheduleSlot[]> {
  return cachedRead(
    ['clinic-schedule', code],
    async () =>
      ((await orNull(publicRead('TW_Org/GetSchedOrgList', { HospitalCode: code }))) ?? { DataList: [] })
        .DataList.map(reshapeSlot),
    { tags: [CACHE_TAGS.clinic(code)], revalidate: REVALIDATE.live },
  );
}

/** Every clinic's HospitalCode, for the sitemap. */
export async function listClinicCodes(): Promise<string[]> {
  const all = await readAll((page) => getClinicPage({ page, pageSize: 100 }));
  return all.map((c) => c.code);
}
