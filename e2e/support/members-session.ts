/**
 * Member sessions for the member-area journeys: log in through the API (the
 * same PcPwdLogin the login dialog uses) and put the tokens in the browser's
 * httpOnly cookies (Token, refreshToken: ARCHITECTURE "Sessions"); read the
 * embedded backend's database to count what a journey recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from '../../lib/backend/sqlite';
import { SignJWT, decodeJwt } from 'jose';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { apiUrl } from './api-origin';

export const DEMO = {
  rich: { phone: '13800000001', password: 'Shengai2026', vipCode: 'VIP0001' },
  poor: { phone: '13800000002', password: 'Shengai2026', vipCode: 'VIP0002' },
  other: { phone: '13800000004', password: 'Shengai2026', vipCode: 'VIP0004' },
  /** 23000 points: enough for the last-one item (9800). */
  silver: { phone: '13800000006', password: 'Shengai2026', vipCode: 'VIP0006' },
  /**
   * 860 points. Playwright runs spec files side by side, so a balance one spec checks to the point is spent by
   * that spec alone: points-exchange.spec spends rich and silver, page-cache.spec spends this member's points,
   * exchange-records.spec other's.
   */
  modest: { phone: '13800000005', password: 'Shengai2026', vipCode: 'VIP0005' },
} as const;

export const dbPath = () => path.resolve(process.env.DATABASE_PATH || '.data/e2e.db');

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export async function apiLogin(request: APIRequestContext, who: { phone: string; password: string }): Promise<Tokens> {
  const response = await request.post(apiUrl('AuthenticationCenter/PcPwdLogin'), {
    form: { Phone: who.phone, Password: who.password },
  });
  const body = (await response.json()) as { ErrorNo: number; ErrorInfo: string; Result: { access_token: string; refresh_token: string } };
  if (body.ErrorNo !== 1) throw new Error(`login failed: ${body.ErrorInfo}`);
  return { accessToken: body.Result.access_token, refreshToken: body.Result.refresh_token };
}

export async function setSessionCookies(context: BrowserContext, tokens: Partial<Tokens>) {
  const url = new URL(baseURL);
  const cookies = [];
  if (tokens.accessToken) cookies.push({ name: 'Token', value: tokens.accessToken, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' as const });
  if (tokens.refreshToken) cookies.push({ name: 'refreshToken', value: tokens.refreshToken, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' as const });
  await context.addCookies(cookies);
}

/** Logs the browser context in as a demo member. */
export async function loginAs(context: BrowserContext, request: APIRequestContext, who: { phone: string; password: string }) {
  const tokens = await apiLogin(request, who);
  await setSessionCookies(context, tokens);
  return tokens;
}

/** The member's points, straight from the API (GetVIPMember) with the member's token. */
export async function apiPoints(request: APIRequestContext, accessToken: string): Promise<number> {
  const response = await request.post(apiUrl('VIP_Member/GetVIPMember'), { headers: { Authorization: `Bearer ${accessToken}` } });
  const body = (await response.json()) as { ErrorNo: number; ErrorInfo: string; Result: { Points: number } };
  if (body.ErrorNo !== 1) throw new Error(`GetVIPMember failed: ${body.ErrorInfo}`);
  return body.Result.Points;
}

/** Runs a read-only query on the e2e database. */
export function queryDb<T>(sql: string, ...args: unknown[]): T {
  const db = new Database(dbPath(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T;
  } finally {
    db.close();
  }
}

/**
 * An access token with the same claims that expired a minute ago, signed with
 * the server's secret (the data folder's jwt-secret, or JWT_SECRET): the
 * server sees 4002 and must refresh with the refresh token (SPEC §8).
 */
export async function expiredCopyOf(accessToken: string): Promise<string> {
  const secretText = process.env.JWT_SECRET ?? fs.readFileSync(path.join(path.dirname(dbPath()), 'jwt-secret'), 'utf8').trim();
  const claims = decodeJwt(accessToken);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ VIP: claims.VIP, typ: claims.typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(secretText));
}
