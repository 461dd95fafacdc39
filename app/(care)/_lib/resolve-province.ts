import 'server-only';
import { cookies } from 'next/headers';
import { visitorIp } from '@/app/(care)/_lib/visitor-position';
import { getProvinces, type Province } from '@/lib/api/reference';
import { DEFAULT_PROVINCE } from '@/lib/constants';
import { optionalSegment, parseId, parseKeyword, parsePage, type SearchParams } from '@/lib/url-params';
import { ADDRESS_COOKIE } from '@/lib/address-cookie';
import { locateVisitor } from '@/lib/visitor-location';

/**
 * The province of a list page: the path segment when given (unknown → null, the
 * page answers 404), else the remembered `address` cookie, else the province of the
 * visitor's IP (GetAliyunCity, SPEC §2) when the group has clinics there, else 215 云南 (SPEC §9).
 */
export async function resolveProvince(segment: string): Promise<{ province: Province; provinces: Province[]; explicit: boolean } | null> {
  const provinces = await getProvinces();
  const byId = (id: number | null | undefined) => (id == null ? undefined : provinces.find((p) => p.id === id));
  if (segment) {
    const province = byId(parseId(segment));
    return province ? { province, provinces, explicit: true } : null;
  }
  const remembered = byId(parseId((await cookies()).get(ADDRESS_COOKIE)?.value));
  const located = remembered ? undefined : byId((await locateVisitor(await visitorIp()))?.provinceId ?? null);
  const fromIp = located && located.clinicCount > 0 ? located : undefined;
  const province = remembered ?? fromIp ?? byId(DEFAULT_PROVINCE.id) ?? provinces[0];
  if (!province) return null;
  return { province, provinces, explicit: false };
}

/**
 * The URL state shared by the province list pages (/doctorlist, /hospitallist,
 * SPEC §2): the optional province segment (more than one → null, the page
 * answers 404), the resolved province, the page (anything malformed → 1) and
 * the keyword `q` (cleaned, cut to 50 characters).
 */
export async function provinceListState(provinceId: string[] | undefined, sp: SearchParams) {
  const segment = optionalSegment(provinceId);
  if (segment === null) return null;
  const resolved = await resolveProvince(segment);
  if (!resolved) return null;
  return { ...resolved, segment, page: parsePage(sp.page, 1000) ?? 1, keyword: parseKeyword(sp.q, 200)?.slice(0, 50) ?? '' };
}
