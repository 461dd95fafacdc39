import 'server-only';
/**
 * Key specialties (SPEC §7 HIS_Specialty, TW_Class/GetSpeciaClass, TW_Special,
 * TW_DiseaseType, and the studio calls of TW_User): studios of famous doctors,
 * their work results / dynamics / special pages, and illnesses by clinic.
 */
import type { SpecialtySort } from '@/lib/constants';
import { cachedRead, CACHE_TAGS, REVALIDATE } from './cache';
import { listOf, oneRecord, orNull, readAll, reshapePage } from './list-page';
import { publicRead } from './public';
import type { Page } from './types';
import type { SpecialType, WireIllness, WireSpecial, WireStudio } from '@/lib/contract';

export interface StudioClass {
  code: string;
  name: string;
}

export interface Studio {
  id: number;
  name: string;
  classCode: string;
  className: string;
  introduction: string;
  image: string;
  doctorCode: string;
  doctorName: string;
  doctorTitle: string;
  department: string;
  clinicName: string;
  praiseRate: number;
  serviceCount: number;
}

export interface StudioDetail {
  studio: Studio;
  menu: { specialType: SpecialType; name: string; count: number }[];
}

export type { SpecialType } from '@/lib/contract';

export interface SpecialSummary {
  id: number;
  type: SpecialType;
  typeName: string;
  title: string;
  summary: string;
  image: string;
  studioId: number | null;
  studioName: string;
  doctorCode: string;
  doctorName: string;
  createdAt: string;
}

export interface Special extends SpecialSummary {
  /** HTML from the API: sanitize before rendering. */
  contentHtml: string;
}

export interface Illness {
  id: number;
  name: string;
  typeId: number;
  typeName: string;
  diseaseTypeId: number;
  diseaseTypeName: string;
  clinicCode: string;
  clinicName: string;
  summary: string;
  symptoms: string;
  treatment: string;
  praiseRate: number;
  serviceCount: number;
  /** Every clinic offering it, when the list merges an illness's clinics (IllnessQuery.distinct). */
  clinics?: { id: number; clinicCode: string; clinicName: string }[];
}

export interface IllnessDetail extends Illness {
  otherClinics: { id: number; clinicCode: string; clinicName: string }[];
  /** The departments whose doctors treat it ([] from a host without the extension). */
  departments: string[];
}

export interface NamedCount {
  id: number;
  name: string;
  count: number;
}

const reshapeStudio = (w: WireStudio): Studio => ({
  id: w.StudioID,
  name: w.StudioName,
  classCode: w.ClassCode,
  className: w.ClassName,
  introduction: w.Introduction,
  image: w.Image,
  doctorCode: w.AppointmentCode,
  doctorName: w.DoctorName,
  doctorTitle: w.DoctorTitle,
  department: w.Department,
  clinicName: w.HospitalName,
  praiseRate: w.PraiseRate,
  serviceCount: w.ServiceCount,
});

const reshapeSpecialSummary = (w: WireSpecial): SpecialSummary => ({
  id: w.ID,
  type: w.SpecialType,
  typeName: w.SpecialTypeName,
  title: w.Title,
  summary: w.Summary,
  image: w.Image,
  studioId: w.StudioID,
  studioName: w.StudioName,
  doctorCode: w.AppointmentCode,
  doctorName: w.DoctorName,
  createdAt: w.CreateTime,
});

const reshapeIllness = (w: WireIllness): Illness => ({
  id: w.ID,
  name: w.SpecialtyName,
  typeId: w.TypeID,
  typeName: w.TypeName,
  diseaseTypeId: w.DiseaseTypeID,
  diseaseTypeName: w.DiseaseTypeName,
  clinicCode: w.HospitalCode,
  clinicName: w.HospitalName,
  summary: w.Summary,
  symptoms: w.Symptoms,
  treatment: w.Treatment,
  praiseRate: w.PraiseRate,
  serviceCount: w.ServiceCount,
  ...(w.Hospitals ? { clinics: w.Hospitals.map((h) => ({ id: h.ID, clinicCode: h.HospitalCode, clinicName: h.HospitalName })) } : {}),
});

const opts = (tags: string[]) => ({ tags, revalidate: REVALIDATE.content });

export function getStudioClasses(): Promise<StudioClass[]> {
  return cachedRead(
    ['studio-classes'],
    async () =>
      (await publicRead('TW_Class/GetSpeciaClass')).DataList.map((w) => ({
        code: w.ClassCode,
        name: w.ClassName,
      })),
    { tags: [CACHE_TAGS.studios], revalidate: REVALIDATE.reference },
  );
}

export function getStudioPage(q: { classCode?: string; keyword?: string; page?: number; pageSize?: number }): Promise<Page<Studio>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 12;
  const fields = { ClassCode: q.classCode, Keyword: q.keyword?.trim() || undefined, PageIndex: page, PageSize: pageSize };
  return cachedRead(
    ['studios', JSON.stringify(fields)],
    async () => reshapePage(await publicRead('TW_User/GetStudioList', fields), reshapeStudio, { page, pageSize }),
    // A searched keyword is the visitor's text: bounded memory, never the data cache on disk (lib/api/cache.ts).
    { ...opts([CACHE_TAGS.studios]), visitorChosen: Boolean(fields.Keyword) },
  );
}

/** One studio with its menu (GetStudioMenu); null when unknown. */
export function getStudio(id: number): Promise<StudioDetail | null> {
  return cachedRead(
    ['studio', id],
    () =>
      orNull(
        publicRead(
          'TW_User/GetStudioMenu',
          { StudioID: id },
        ).then((answer) => {
          const r = oneRecord(answer);
          return {
          studio: reshapeStudio(r.Studio),
          menu: r.Menu.map((m) => ({ specialType: m.SpecialType, name: m.MenuName, count: m.Count })),
          };
        }),
      ),
    opts([CACHE_TAGS.studios]),
  );
}

export function getSpecialPage(q: { type?: SpecialType; studioId?: number; page?: number; pageSize?: number }): Promise<Page<SpecialSummary>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const fields = { SpecialType: q.type, StudioID: q.studioId, PageIndex: page, PageSize: pageSize };
  return cachedRead(
    ['specials', JSON.stringify(fields)],
    async () =>
      reshapePage(await publicRead('TW_Special/GetSpecialList', fields), reshapeSpecialSummary, { page, pageSize }),
    opts([CACHE_TAGS.studios]),
  );
}

export function getDoctorSpecials(doctorCode: string, pageSize = 5): Promise<Page<SpecialSummary>> {
  return cachedRead(
    ['doctor-specials', doctorCode, pageSize],
    async () =>
      (await orNull(
        publicRead('TW_Special/GetDoctorSpecialList', { AppointmentCode: doctorCode, PageSize: pageSize }).then((r) =>
          reshapePage(r, reshapeSpecialSummary),
        ),
      )) ?? { items: [], total: 0, page: 1, pageSize },
    opts([CACHE_TAGS.studios, CACHE_TAGS.doctor(doctorCode)]),
  );
}

/** One special (work result, dynamic or special page); null when unknown. */
export function getSpecial(id: number): Promise<Special | null> {
  return cachedRead(
    ['special', id],
    () =>
      orNull(
        publicRead('TW_Special/GetSpecialSingle', { ID: id }).then(({ ReturnObject: w }) => ({
          ...reshapeSpecialSummary(w),
          contentHtml: w.Content ?? '',
        })),
      ),
    opts([CACHE_TAGS.studios]),
  );
}

export function getDiseaseTypes(): Promise<NamedCount[]> {
  return cachedRead(
    ['disease-types'],
    async () =>
      (
        await publicRead('TW_DiseaseType/GetDiseaseTypeList')
      ).DataList.map((w) => ({ id: w.DiseaseTypeID, name: w.DiseaseTypeName, count: w.Count })),
    { tags: [CACHE_TAGS.illnesses], revalidate: REVALIDATE.reference },
  );
}

export function getSpecialtyTypes(): Promise<NamedCount[]> {
  return cachedRead(
    ['specialty-types'],
    async () =>
      (
        await publicRead('HIS_Specialty/GetHIS_SpecialtyConfigurationType')
      ).DataList.map((w) => ({ id: w.TypeID, name: w.TypeName, count: w.Count })),
    { tags: [CACHE_TAGS.specialties], revalidate: REVALIDATE.reference },
  );
}

export interface IllnessQuery {
  orgCode?: string;
  typeId?: number;
  diseaseTypeId?: number;
  keyword?: string;
  sort?: SpecialtySort;
  page?: number;
  pageSize?: number;
  /** One item per illness with all its clinics (the site search: an illness appears once). */
  distinct?: boolean;
}

export function getIllnessPage(q: IllnessQuery): Promise<Page<Illness>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 12;
  const fields = {
    HospitalCode: q.orgCode,
    TypeID: q.typeId,
    DiseaseTypeID: q.diseaseTypeId,
    Keyword: q.keyword?.trim() || undefined,
    Sort: q.sort ?? 'specialty',
    PageIndex: page,
    PageSize: pageSize,
    Distinct: q.distinct ? 1 : undefined,
  };
  return cachedRead(
    ['illnesses', JSON.stringify(fields)],
    async () =>
      reshapePage(listOf(await publicRead('HIS_Specialty/GeHIS_SpecialtyConfiguration', fields)), reshapeIllness, {
        page,
        pageSize,
      }),
    // A searched keyword is the visitor's text: bounded memory, never the data cache on disk (lib/api/cache.ts).
    { ...opts([CACHE_TAGS.illnesses]), visitorChosen: Boolean(fields.Keyword) },
  );
}

/** One illness with the other clinics treating it; null when unknown. */
export function getIllness(id: number): Promise<IllnessDetail | null> {
  return cachedRead(
    ['illness', id],
    () =>
      orNull(
        publicRead('HIS_Specialty/GeHIS_SpecialtyConfiguration', { ID: id }).then(oneRecord).then((w) => ({
          ...reshapeIllness(w),
          otherClinics: (w.OtherHospitals ?? []).map((o) => ({ id: o.ID, clinicCode: o.HospitalCode, clinicName: o.HospitalName })),
          departments: w.Departments ?? [],
        })),
      ),
    opts([CACHE_TAGS.illnesses]),
  );
}

/** Every illness id, for the sitemap. */
export async function listIllnessIds(): Promise<string[]> {
  const all = await readAll((page) => getIllnessPage({ page, pageSize: 100 }));
  return all.map((i) => String(i.id));
}

/** Every studio's id, for the sitemap. */
export async function listStudioIds(): Promise<string[]> {
  const all = await readAll((page) => getStudioPage({ page, pageSize: 100 }));
  return all.map((s) => String(s.id));
}

/** Every studio article (工作成果, 工作动态, 专题) with its type, for the sitemap. */
export async function listSpecialEntries(): Promise<{ id: number; type: SpecialType; createdAt: string }[]> {
  const all = await readAll((page) => getSpecialPage({ page, pageSize: 100 }));
  return all.map((s) => ({ id: s.id, type: s.type, createdAt: s.createdAt }));
}
