import { afterEach, describe, expect, it, vi } from 'vitest';
import { directionsLinks, hasPosition, mapsKey } from './directions';

const clinic = { name: '圣爱中医馆（昆明五华店）', city: '昆明', lat: 25.0406, lng: 102.7123 };

describe('directions links (docs/clinic-directions.md)', () => {
  it('carry the clinic coordinates in each app’s order and datum', () => {
    const [amap, baidu, tencent] = directionsLinks(clinic);
    const a = new URL(amap!.href);
    expect(a.host).toBe('uri.amap.com');
    expect(a.searchParams.get('to')).toBe(`102.7123,25.0406,${clinic.name}`); // lng,lat
    const b = new URL(baidu!.href);
    expect(b.host).toBe('api.map.baidu.com');
    expect(b.searchParams.get('destination')).toBe(`latlng:25.0406,102.7123|name:${clinic.name}`); // lat,lng
    expect(b.searchParams.get('coord_type')).toBe('gcj02'); // not BD-09
    const t = new URL(tencent!.href);
    expect(t.host).toBe('apis.map.qq.com');
    expect(t.searchParams.get('tocoord')).toBe('25.0406,102.7123');
  });

  it('escape a name that would break the query', () => {
    const [amap] = directionsLinks({ ...clinic, name: '店&to=1,2#x' });
    expect(new URL(amap!.href).searchParams.get('to')).toBe('102.7123,25.0406,店&to=1,2#x');
  });

  it('give no links for a clinic without a usable position', () => {
    expect(hasPosition({ lat: 0, lng: 0 })).toBe(false);
    expect(hasPosition({ lat: Number.NaN, lng: 102 })).toBe(false);
    expect(hasPosition({ lat: 91, lng: 102 })).toBe(false);
    expect(directionsLinks({ ...clinic, lat: 0, lng: 0 })).toEqual([]);
  });
});

describe('maps key', () => {
  afterEach(() => vi.unstubAllEnvs());
  it('is null when absent or malformed, so no map is drawn', () => {
    vi.stubEnv('NEXT_PUBLIC_MAPS_KEY', '');
    expect(mapsKey()).toBeNull();
    vi.stubEnv('NEXT_PUBLIC_MAPS_KEY', 'bad key"><script>');
    expect(mapsKey()).toBeNull();
    vi.stubEnv('NEXT_PUBLIC_MAPS_KEY', 'abcdef0123456789');
    expect(mapsKey()).toBe('abcdef0123456789');
  });
});
