import 'server-only';
import { cookies } from 'next/headers';
import { getProvinces, type Province } from '@/lib/api/reference';
import { DEFAULT_PROVINCE } from '@/lib/constants';
import { parseId } from '@/lib/list-query';
import { ADDRESS_COOKIE } from './remember-province';

/**
 * The province of a list page: the path segment when given (unknown → null, the
 * page answers 404), else the remembered `address` cookie, else 215 云南 (SPEC §9).
 */
export async function resolveProvince(segment: string): Promise<{ province: Province; provinces: Province[]; explicit: boolean } | null> {
  const provinces = await getProvinces();
  const byId = (id: number | null) => (id === null ? undefined : provinces.find((p) => p.id === id));
  if (segment) {
    const province = byId(parseId(segment));
    return province ? { province, provinces, explicit: true } : null;
  }
  const remembered = byId(parseId((await cookies()).get(ADDRESS_COOKIE)?.value));
  const province = remembered ?? byId(DEFAULT_PROVINCE.id) ?? provinces[0];
  if (!province) return null;
  return { province, provinces, explicit: false };
}
