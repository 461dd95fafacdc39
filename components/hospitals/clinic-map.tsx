'use client';
/**
 * The interactive map of a clinic (SPEC §9's build-time maps key, docs/clinic-directions.md): Amap's
 * JS API, loaded only on the clinic page and only when the key is configured. If the API does not load
 * (blocked, offline, a bad key), the box is removed: the directions links beside it remain, never a broken map.
 */
import { useEffect, useRef, useState } from 'react';

interface AMapGlobal {
  Map: new (el: HTMLElement, o: { zoom: number; center: [number, number] }) => { add: (m: unknown) => void };
  Marker: new (o: { position: [number, number]; title: string }) => unknown;
}

export function ClinicMap({ mapsKey, name, lat, lng }: { mapsKey: string; name: string; lat: number; lng: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const draw = () => {
      const AMap = (window as unknown as { AMap?: AMapGlobal }).AMap;
      if (cancelled || !box.current) return;
      if (!AMap) return setFailed(true);
      const map = new AMap.Map(box.current, { zoom: 16, center: [lng, lat] });
      map.add(new AMap.Marker({ position: [lng, lat], title: name }));
    };
    if ((window as unknown as { AMap?: AMapGlobal }).AMap) draw();
    else {
      const script = document.createElement('script');
      script.src = `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(mapsKey)}`;
      script.async = true;
      script.onload = draw;
      script.onerror = () => setFailed(true);
      document.head.appendChild(script);
    }
    return () => {
      cancelled = true;
    };
  }, [mapsKey, name, lat, lng]);
  if (failed) return null;
  return <div ref={box} role="region" aria-label={`${name}位置地图`} className="h-72 w-full rounded-lg border border-stone-200 bg-stone-50" />;
}
