/**
 * The embedded backend's settings from the environment. The JWT secret comes
 * from JWT_SECRET, else one is generated once into the data folder.
 *
 * Production defaults (docs/operations.md "What a deployment must say on purpose"): under `next start`
 * (NODE_ENV=production) a deployment runs only with what production needs. The demo's conveniences (the
 * embedded database, its demo members with the README's password, the simulated payment) are each turned on
 * by a switch of their own; `next dev` and the unit tests have them on by default, so `npm run dev` is the
 * whole demo.
 */
import { cancelCutoffMinutes } from '@/lib/visit-rules';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { devAidsEnabled } from './dev-aids';
import { clockFromEnv } from './dev-clock';
import { LIMITS, limitSeconds } from '@/lib/limits';
import { rateLimitScale } from './throttles';
import { simulatedPaymentProvider, unconfiguredPaymentProvider, type PaymentProvider } from './payments';
import type { BackendSettings } from './types';

type Env = Readonly<Record<string, string | undefined>>;

/** A JWT_SECRET shorter than this many bytes is refused under `next start` (HS256 wants 256 bits). */
export const MIN_JWT_SECRET_BYTES = 32;
/** Words of example values ("change-me", "your-secret-here"): a secret holding one is as good as published. */
const PLACEHOLDER_WORDS = ['changeme', 'changethis', 'replaceme', 'yoursecret', 'yourjwtsecret', 'secretkey', 'example', 'placeholder'];

/** Why a JWT_SECRET value must not sign anyone's session, or null when it may. */
export function jwtSecretProblem(value: string): string | null {
  const plain = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (PLACEHOLDER_WORDS.some((word) => plain.includes(word)) || ['secret', 'jwtsecret', 'password', 'test'].includes(plain) || /^(.)\1*$/.test(value)) {
    return 'JWT_SECRET is a placeholder (change-me, secret…): anyone who read the example can sign tokens; make one with `openssl rand -hex 32`';
  }
  const bytes = Buffer.byteLength(value);
  if (bytes < MIN_JWT_SECRET_BYTES) {
    return `JWT_SECRET is ${bytes} bytes long: at least ${MIN_JWT_SECRET_BYTES} are needed; make one with \`openssl rand -hex 32\``;
  }
  return null;
}

const isProduction = (env: Env) => env.NODE_ENV === 'production';

/** The embedded backend serves this process: no API host, and (under next start) EMBEDDED_BACKEND=1 said so. */
export function embeddedBackendAllowed(env: Env = process.env): boolean {
  return !isProduction(env) || env.EMBEDDED_BACKEND === '1';
}

/**
 * Whether a new embedded database gets the demo members, whose logins (and password) the README publishes:
 * under `next dev` and the unit tests unless DEMO_MEMBERS=0; under `next start` only with DEMO_MEMBERS=1,
 * the test stack's switch (scripts/test-deploy.sh, playwright.config.ts), never a server's.
 */
export function demoMembersEnabled(env: Env = process.env): boolean {
  return isProduction(env) ? env.DEMO_MEMBERS === '1' : env.DEMO_MEMBERS !== '0';
}

/** The payment providers the embedded backend has. A real one (WeChat Pay, Alipay) lives on the API host. */
export const PAYMENT_PROVIDERS = ['simulated'] as const;

/**
 * The embedded backend's payment provider: the simulated one only with PAYMENT_PROVIDER=simulated (the
 * README's demo and the tests set it), or under `next dev` when PAYMENT_PROVIDER is unset. Otherwise none:
 * paying answers that online payment is not available, and nothing is marked paid.
 */
export function paymentProviderFromEnv(env: Env = process.env): PaymentProvider {
  const chosen = env.PAYMENT_PROVIDER || (isProduction(env) ? '' : 'simulated');
  return chosen === 'simulated' ? simulatedPaymentProvider() : unconfiguredPaymentProvider();
}

/**
 * What stops `next start` before it serves anyone (instrumentation.ts prints them and exits with
 * EX_CONFIG, 78). Empty outside production: `next dev` is the demo.
 */
/** The shortest access-token lifetime a deployment may set (tests with the development aids on may go lower). */
export const MIN_ACCESS_TOKEN_TTL_SECONDS = 60;

export function deploymentProblems(env: Env = process.env): string[] {
  if (!isProduction(env)) return [];
  const problems: string[] = [];
  if (env.JWT_SECRET) {
    const problem = jwtSecretProblem(env.JWT_SECRET);
    if (problem) problems.push(problem);
  }
  if (!env.API_BASE_URL && env.EMBEDDED_BACKEND !== '1') {
    problems.push(
      'API_BASE_URL is not set: set it to the group\'s API host, or set EMBEDDED_BACKEND=1 on purpose to serve the embedded backend (a database in DATABASE_PATH)',
    );
  }
  const accessTtl = env.ACCESS_TOKEN_TTL_SECONDS;
  if (accessTtl !== undefined && accessTtl !== '' && Number(accessTtl) < MIN_ACCESS_TOKEN_TTL_SECONDS && !devAidsEnabled(env)) {
    // A token that expires within seconds of being issued is refreshed on nearly every call, and one that
    // expires in flight logs the member out (docs/operations.md "What a deployment must say on purpose").
    problems.push(
      `ACCESS_TOKEN_TTL_SECONDS=${accessTtl} is below ${MIN_ACCESS_TOKEN_TTL_SECONDS} s: members would be logged out between two clicks. Leave it unset (7200 s) or set at least ${MIN_ACCESS_TOKEN_TTL_SECONDS}`,
    );
  }
  if (env.PAYMENT_PROVIDER && !(PAYMENT_PROVIDERS as readonly string[]).includes(env.PAYMENT_PROVIDER)) {
    problems.push(
      `PAYMENT_PROVIDER=${env.PAYMENT_PROVIDER} is not a provider of the embedded backend (${PAYMENT_PROVIDERS.join(', ')}); a real payment is the API host's. Leave it unset: paying then says online payment is unavailable`,
    );
  }
  return problems;
}

export const DEFAULT_DATABASE_PATH = '.data/site.db';

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function loadOrCreateSecret(dbPath: string): Uint8Array {
  if (process.env.JWT_SECRET) {
    // Under next start a weak secret never signs a session, whoever opens the backend first (docs/operations.md).
    const problem = isProduction(process.env) ? jwtSecretProblem(process.env.JWT_SECRET) : null;
    if (problem) throw new Error(`[backend] ${problem}`);
    return new TextEncoder().encode(process.env.JWT_SECRET);
  }
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
    // The defaults are the table's (lib/limits.ts smsInterval, smsClientHour, smsImageCodeAfter).
    smsMinIntervalSeconds: positiveInt(process.env.SMS_MIN_INTERVAL_SECONDS, limitSeconds('smsInterval')),
    smsIpLimitPerHour: positiveInt(process.env.SMS_IP_LIMIT_PER_HOUR, LIMITS.smsClientHour.allowance),
    smsImageCodeAfter: positiveInt(process.env.SMS_IMAGE_CODE_AFTER, LIMITS.smsImageCodeAfter.allowance),
    rateLimitScale: rateLimitScale(),
    bookingPaymentMinutes: positiveInt(process.env.BOOKING_PAYMENT_MINUTES, 15),
    // The cut-off's one definition (lib/visit-rules.ts) reads BOOKING_CANCEL_CUTOFF_MINUTES.
    bookingCancelCutoffMinutes: cancelCutoffMinutes(),
    paymentProvider: paymentProviderFromEnv(),
    demoMembers: demoMembersEnabled(),
    // The real clock; DEV_CLOCK starts it elsewhere where the development aids are on (dev-clock.ts).
    now: clockFromEnv(),
    log: (line) => {
      if (!production || process.env.BACKEND_LOG === '1') console.log(`[backend] ${line}`);
    },
    ...overrides,
  };
}
