import 'server-only';
/**
 * A member's favourites (SPEC §7 WX_OrgCollectionClent, WX_DoctorCollectionClent).
 * Member data: called with the member's AuthedClient, never cached or shared.
 * Adding and cancelling are writes: never retried (ARCHITECTURE "The contract client").
 */
import { reshapePage } from './list-page';
import type { AuthedClient, Page } from './types';
import type { WireToggle } from '@/lib/contract';

/** 1 = clinic (HospitalCode), 2 = doctor (AppointmentCode). */
export type FavouriteKind = 'clinic' | 'doctor';
const KIND_WIRE: Record<FavouriteKind, 1 | 2> = { clinic: 1, doctor: 2 };

export interface FavouriteResult {
  collected: boolean;
  count: number;
}

export interface FavouriteClinic {
  code: string;
  name: string;
  address: string;
  collectedAt: string;
}

export interface FavouriteDoctor {
  appointmentCode: string;
  name: string;
  title: string;
  clinicName: string;
  avatar: string;
  collectedAt: string;
}

const reshapeToggle = (r: WireToggle): FavouriteResult => ({ collected: r.ReturnObject.IsCollected === 1, count: r.ReturnObject.CollectCount });

export async function addFavourite(client: AuthedClient, kind: FavouriteKind, code: string): Promise<FavouriteResult> {
  return reshapeToggle(
    await client.post('WX_OrgCollectionClent/AddOrgCollection', { CollectionType: KIND_WIRE[kind], Code: code }, { write: true }),
  );
}

export async function cancelFavourite(client: AuthedClient, kind: FavouriteKind, code: string): Promise<FavouriteResult> {
  return reshapeToggle(
    await client.post('WX_OrgCollectionClent/CannelCollection', { CollectionType: KIND_WIRE[kind], Code: code }, { write: true }),
  );
}

/** Which of `codes` the member has collected. */
export async function getFavouriteState(client: AuthedClient, kind: FavouriteKind, codes: string[]): Promise<Record<string, boolean>> {
  if (codes.length === 0) return {};
  const r = await client.post('WX_OrgCollectionClent/GetOrgCollection', {
    CollectionType: KIND_WIRE[kind],
    Codes: codes.slice(0, 100).join(','),
  });
  return Object.fromEntries(r.DataList.map((w) => [w.Code, w.IsCollected === 1]));
}

export async function getFavouriteClinics(client: AuthedClient, page = 1, pageSize = 10): Promise<Page<FavouriteClinic>> {
  const r = await client.post(
    'WX_OrgCollectionClent/GetVipCodeOrgCollection',
    { PageIndex: page, PageSize: pageSize },
  );
  return reshapePage(r, (w) => ({ code: w.HospitalCode, name: w.HospitalName, address: w.Address, collectedAt: w.CollectTime }));
}

export async function getFavouriteDoctors(client: AuthedClient, page = 1, pageSize = 10): Promise<Page<FavouriteDoctor>> {
  const r = await client.post('WX_DoctorCollectionClent/GetDoctorCollection', { PageIndex: page, PageSize: pageSize });
  return reshapePage(r, (w) => ({
    appointmentCode: w.AppointmentCode,
    name: w.DoctorName,
    title: w.DoctorTitle,
    clinicName: w.HospitalName,
    avatar: w.Avatar,
    collectedAt: w.CollectTime,
  }));
}
