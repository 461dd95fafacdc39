import 'server-only';
/**
 * AuthenticationCenter (SPEC §7 Auth) calls that obtain or drop tokens. These
 * are made without a member's token; lib/session and the token client use them.
 */
import { post } from './client';
import type { TokenPair } from './types';

interface WireTokens {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  refresh_expires_in?: number;
}

/** TokenPair plus the refresh token's lifetime, for cookie expiry. */
export interface IssuedTokens extends TokenPair {
  refreshExpiresIn?: number;
}

function reshapeTokens(result: WireTokens): IssuedTokens {
  if (!result || typeof result.access_token !== 'string' || !result.access_token) {
    throw new TypeError('token response without access_token');
  }
  return {
    accessToken: result.access_token,
    refreshToken: typeof result.refresh_token === 'string' ? result.refresh_token : '',
    expiresIn: typeof result.expires_in === 'number' ? result.expires_in : undefined,
    refreshExpiresIn: typeof result.refresh_expires_in === 'number' ? result.refresh_expires_in : undefined,
  };
}

/** SPEC §1: an anonymous visitor token (no refresh token). */
export async function getVisitorToken(): Promise<IssuedTokens> {
  return reshapeTokens(await post<WireTokens>('AuthenticationCenter/GetVisitorToken', {}, { write: true }));
}

/** SPEC §4 / §8: rotate the refresh token. */
export async function refreshTokens(refreshToken: string): Promise<IssuedTokens> {
  return reshapeTokens(
    await post<WireTokens>('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: refreshToken }, { write: true }),
  );
}

export async function loginWithPassword(phone: string, password: string): Promise<IssuedTokens> {
  return reshapeTokens(
    await post<WireTokens>('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: password }, { write: true }),
  );
}

/** SPEC §4 logout: sends the refresh token; the backend revokes its family. */
export async function logout(refreshToken: string): Promise<void> {
  await post('AuthenticationCenter/OutLogin', { refresh_token: refreshToken }, { write: true });
}

export { reshapeTokens as reshapeIssuedTokens };
export type { WireTokens };
