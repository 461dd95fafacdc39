/**
 * The clinic list's order and type filter (docs/clinic-directions.md). With the visitor's position known
 * (the IP's city, or 使用我的位置 which puts ?lat=&lng= in the URL), the list can be ordered nearest
 * first (`sort=distance`), and is by default after 使用我的位置 (`sort=default` keeps the group's order).
 * Without a position there is nothing to measure from, so `distance` falls back to the default order.
 */
import { parseId, single, type ParamValue } from '@/lib/url-params';

export type ClinicOrder = 'default' | 'distance';

export const CLINIC_ORDERS: readonly { value: ClinicOrder; label: string }[] = [
  { value: 'default', label: '默认' },
  { value: 'distance', label: '距离最近' },
];

export function clinicOrder(sort: ParamValue, position: { source: 'browser' | 'ip' } | null): ClinicOrder {
  if (!position) return 'default';
  const asked = single(sort, 16);
  if (asked === 'distance' || asked === 'default') return asked;
  return position.source === 'browser' ? 'distance' : 'default';
}

/** The `type` filter: undefined when absent, null (404) when malformed or not one of GetSaleType's. */
export function clinicTypeFilter(value: ParamValue, types: { id: number }[]): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  const id = parseId(value);
  if (!id) return null;
  return types.some((t) => t.id === id) ? id : null;
}
