'use client';
/**
 * Remembers the visitor's province choice in the `address` cookie (the SPEC §3
 * storage key; here it holds the province id), so /doctorlist and /hospitallist
 * open on it next time. Renders nothing.
 */
import { useEffect } from 'react';

export const ADDRESS_COOKIE = 'address';

export function RememberProvince({ provinceId }: { provinceId: number }) {
  useEffect(() => {
    document.cookie = `${ADDRESS_COOKIE}=${provinceId}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  }, [provinceId]);
  return null;
}
