/**
 * The SPEC §3 `address` storage key, kept as a cookie holding the chosen province id.
 * A plain module: a constant imported from a 'use client' file would be a client reference on the server.
 */
export const ADDRESS_COOKIE = 'address';
export const ADDRESS_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
