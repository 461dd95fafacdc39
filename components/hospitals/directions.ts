/**
 * Directions to a clinic in the map apps people in Yunnan use (docs/clinic-directions.md). Their public
 * URI schemes need no key and open the app on a phone, the web map elsewhere; these are links only, the
 * site never calls them. The stored coordinates are GCJ-02 (the datum of Chinese map providers, in which
 * the clinics' positions were taken): Amap and Tencent Maps read GCJ-02 as is; Baidu Maps reads BD-09
 * unless told `coord_type=gcj02`, which every Baidu link here says.
 */

export interface DirectionsTarget {
  name: string;
  city: string;
  lat: number;
  lng: number;
}

export interface DirectionsLink {
  app: 'amap' | 'baidu' | 'tencent';
  label: string;
  href: string;
}

/** Who asks (the apps' `src`/`referer`): the site's short English name. */
const SOURCE = 'shengai-tcm-web';

/** Six decimals (about 0.1 m), so a link does not carry float noise. */
const fixed = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** A clinic's position is usable only when both coordinates are finite and in range (and not 0,0). */
export function hasPosition(t: { lat: number; lng: number }): boolean {
  return (
    Number.isFinite(t.lat) && Number.isFinite(t.lng) && Math.abs(t.lat) <= 90 && Math.abs(t.lng) <= 180 && !(t.lat === 0 && t.lng === 0)
  );
}

export function directionsLinks(t: DirectionsTarget): DirectionsLink[] {
  if (!hasPosition(t)) return [];
  const lat = fixed(t.lat);
  const lng = fixed(t.lng);
  const amap = new URL('https://uri.amap.com/navigation');
  amap.search = new URLSearchParams({ to: `${lng},${lat},${t.name}`, mode: 'car', coordinate: 'gaode', callnative: '1', src: SOURCE }).toString();
  const baidu = new URL('https://api.map.baidu.com/direction');
  baidu.search = new URLSearchParams({
    destination: `latlng:${lat},${lng}|name:${t.name}`,
    mode: 'driving',
    region: t.city,
    coord_type: 'gcj02',
    output: 'html',
    src: SOURCE,
  }).toString();
  const tencent = new URL('https://apis.map.qq.com/uri/v1/routeplan');
  tencent.search = new URLSearchParams({ type: 'drive', to: t.name, tocoord: `${lat},${lng}`, referer: SOURCE }).toString();
  return [
    { app: 'amap', label: '高德地图', href: amap.toString() },
    { app: 'baidu', label: '百度地图', href: baidu.toString() },
    { app: 'tencent', label: '腾讯地图', href: tencent.toString() },
  ];
}

/** The build-time maps key of SPEC §9 (NEXT_PUBLIC_MAPS_KEY), or null: without it, links only, no map. */
export function mapsKey(): string | null {
  const key = process.env.NEXT_PUBLIC_MAPS_KEY?.trim();
  return key && /^[A-Za-z0-9]{8,64}$/.test(key) ? key : null;
}
