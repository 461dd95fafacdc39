/**
 * The embedded backend's settings from the environment. The JWT secret comes
 * from JWT_SECRET, else one is generated once into the data folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { devAidsEnabled } from './dev-aids';
import { rateLimitScale } from './throttles';
import { simulatedPaymentProvider } from './payments';
import type { BackendSettings } from './types';

export const DEFAULT_DATABASE_PATH = '.data/site.db';

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function loadOrCreateSecret(dbPath: string): Uint8Array {
  if (process.env.JWT_SECRET) return new TextEncoder().encode(process.env.JWT_SECRET);
  const dir = dbPath === ':memory:' ? path.resolve('.data') : path.dirname(path.resolve(dbPath));
  const file = path.join(dir, 'jwt-secret');
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

export function settingsFromEnv(overrides: Partial<BackendSettings> = {}): BackendSettings {
  const dbPath = overrides.dbPath ?? process.env.DATABASE_PATH ?? DEFAULT_DATABASE_PATH;
  const production = process.env.NODE_ENV === 'production';
  return {
    dbPath,
    jwtSecret: overrides.jwtSecret ?? loadOrCreateSecret(dbPath),
    accessTokenTtlSeconds: positiveInt(process.env.ACCESS_TOKEN_TTL_SECONDS, 2 * 60 * 60),
    refreshTokenTtlSeconds: positiveInt(process.env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 60 * 60),
    // Opt-in under next start (DEV_AIDS=1), on under next dev: see dev-aids.ts.
    devAids: devAidsEnabled(),
    smsMinIntervalSeconds: positiveInt(process.env.SMS_MIN_INTERVAL_SECONDS, 60),
    smsIpLimitPerHour: positiveInt(process.env.SMS_IP_LIMIT_PER_HOUR, 30),
    smsImageCodeAfter: positiveInt(process.env.SMS_IMAGE_CODE_AFTER, 5),
    rateLimitScale: rateLimitScale(),
    bookingPaymentMinutes: positiveInt(process.env.BOOKING_PAYMENT_MINUTES, 15),
    bookingCancelCutoffMinutes: positiveInt(process.env.BOOKING_CANCEL_CUTOFF_MINUTES, 120),
    paymentProvider: simulatedPaymentProvider(),
    now: () => new Date(),
    log: (line) => {
      if (!production || process.env.BACKEND_LOG === '1') console.log(`[backend] ${line}`);
    },
    ...overrides,
  };
}
