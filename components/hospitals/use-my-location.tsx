'use client';
/**
 * Optional browser geolocation (SPEC §2): puts the visitor's position in the
 * URL (?lat=&lng=), so the server sorts nothing per person in its cache but
 * shows the distances, and the view stays shareable. Without it, the page
 * uses the IP location.
 */
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';

export function UseMyLocation() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [message, setMessage] = useState('');

  function locate() {
    if (!('geolocation' in navigator)) {
      setMessage('您的浏览器不支持定位，已按IP所在城市计算距离');
      return;
    }
    setMessage('正在定位…');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const params = new URLSearchParams(searchParams.toString());
        params.set('lat', pos.coords.latitude.toFixed(3));
        params.set('lng', pos.coords.longitude.toFixed(3));
        // Nearest first from page 1 (clinic-list-rules.ts: the default order with a browser position).
        params.delete('sort');
        params.delete('page');
        setMessage('');
        router.replace(`${pathname}?${params.toString()}`);
      },
      () => setMessage('未能获取您的位置，已按IP所在城市计算距离'),
      { timeout: 8000, maximumAge: 600_000 },
    );
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={locate} className="rounded-md border border-jade-600 px-3 py-1.5 text-sm text-jade-700 hover:bg-jade-50">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="mr-1 inline h-4 w-4 fill-current align-[-2px]">
          <path d="M10 1.5a6 6 0 0 0-6 6c0 4.5 6 11 6 11s6-6.5 6-11a6 6 0 0 0-6-6zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4z" />
        </svg>
        使用我的位置
      </button>
      <span role="status" aria-live="polite" className="text-sm text-stone-600">
        {message}
      </span>
    </span>
  );
}
