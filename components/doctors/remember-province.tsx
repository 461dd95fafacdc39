'use client';
/**
 * Remembers the visitor's province choice in the `address` cookie (the SPEC §3
 * storage key; here it holds the province id), so /doctorlist and /hospitallist
 * open on it next time. Renders nothing.
 */
import { useEffect } from 'react';
import { ADDRESS_COOKIE, ADDRESS_COOKIE_MAX_AGE } from '@/lib/address-cookie';

export function RememberProvince({ provinceId }: { provinceId: number }) {
  useEffect(() => {
    document.cookie = `${ADDRESS_COOKIE}=${provinceId}; path=/; max-age=${ADDRESS_COOKIE_MAX_AGE}; samesite=lax`;
  }, [provinceId]);
  return null;
}
