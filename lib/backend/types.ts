/**
 * The embedded backend's shared types. It implements SPEC §7's contract on
 * SQLite; it never imports from app/, components/ or lib/api (ARCHITECTURE.md).
 */
import type DatabaseConstructor from 'better-sqlite3';
import type { Throttles } from './throttles';
import type { PaymentProvider } from './payments';
import type { AccessOf, EndpointPath, FieldsOf, ResultOf } from '@/lib/contract';

export type Database = DatabaseConstructor.Database;

/** Form fields of a request body. A repeated key keeps its first value; a field not sent is undefined. */
export type Fields = Readonly<Record<string, string | undefined>>;

/** Every key of a fields type, of each member of a union (SYS_Agreement/GetSigin takes ID or Code). */
type KeysOf<F> = F extends unknown ? keyof F : never;

/**
 * The fields a handler of path P reads: the table's names (lib/contract/endpoints.ts), each a string when sent.
 * The readers of lib/backend/fields.ts take only these names from it, so a field renamed on the client side and
 * not here (or the other way round) fails tsc.
 */
export type RequestFields<P extends EndpointPath> = Readonly<{ [K in KeysOf<FieldsOf<P>> & string]?: string }>;

/** Who is calling, from the Bearer token (router.ts resolves it). */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'visitor'; sub: string }
  | { kind: 'member'; sub: string; vipCode: string; memberId: number; vip: string };

export interface BackendSettings {
  /** SQLite file; ':memory:' for a throwaway database. */
  dbPath: string;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** SMS outbox logging and the WeChat authorize step (docs/api.md: never in production against a real host). */
  devAids: boolean;
  /** Seconds between two SMS sends to one phone (docs/api.md: one a minute; e2e runs lower it). */
  smsMinIntervalSeconds: number;
  /** SMS sends allowed per IP per hour (per-IP limit, docs/api.md). */
  smsIpLimitPerHour: number;
  /** After this many sends from one IP in 10 minutes, SendSmsVerifyCode asks for the image code first. */
  smsImageCodeAfter: number;
  /** RATE_LIMIT_SCALE: multiplies the SMS day quotas as throttles.ts multiplies its allowances (browser tests raise it). */
  rateLimitScale: number;
  /** Minutes an online booking may stay unpaid before it lapses and its number returns (BOOKING_PAYMENT_MINUTES). */
  bookingPaymentMinutes: number;
  /** A booking can be cancelled until this many minutes before its period starts (BOOKING_CANCEL_CUTOFF_MINUTES). */
  bookingCancelCutoffMinutes: number;
  /** Takes the booking fee: the simulated one only when asked for (PAYMENT_PROVIDER=simulated, settings.ts), else none. */
  paymentProvider: PaymentProvider;
  /** Whether a new database gets the demo members of the README (DEMO_MEMBERS, settings.ts). */
  demoMembers: boolean;
  /** The one clock of the backend; tests move it instead of sleeping. */
  now: () => Date;
  log: (line: string) => void;
}

/** A file part of an upload call's multipart body (Endpoint.upload). */
export interface UploadedFile {
  field: string;
  /** The name the client gave; never trusted for the type (the bytes are sniffed). */
  name: string;
  bytes: Buffer;
}

/** An endpoint that takes files: multipart/form-data up to maxBodyBytes, at most maxFiles file parts. */
export interface UploadRule {
  maxBodyBytes: number;
  maxFiles: number;
}

export interface HandlerContext<F extends Fields = Fields> {
  db: Database;
  /** The request's fields; a handler's are typed by its path (RequestFields). */
  fields: F;
  /** The files of an upload call (Endpoint.upload); empty for every other call. */
  files: UploadedFile[];
  caller: Caller;
  /** The raw bearer token, when one was sent. */
  token: string | null;
  /**
   * The client as per-client rules count it: its address (lib/security/client-address.ts: a client cannot
   * choose it), an IPv6 address by its /64 (`limitKey`), since one subscriber holds the whole /64.
   */
  ip: string;
  /** The client's exact address (location by IP). */
  address: string;
  /**
   * The device the site set a signed cookie for (device-tokens.ts), when the request carried a valid one.
   * It only ever widens what a client may do for a phone it has proven before (known-clients.ts), so a
   * client that sends none, or another's, gains nothing.
   */
  device: string | null;
  /** The request came from the site's own server (its per-process secret), which may speak for a visitor. */
  fromSite: boolean;
  /** Per-client, per-phone and site-wide limits (throttles.ts). */
  throttles: Throttles;
  query: { IsWeb: string; Sub: string };
  settings: BackendSettings;
  now: Date;
}

/**
 * Who may call an endpoint:
 * - public: anyone, with or without a token (a sent token must still be valid: an expired one gets 4002);
 * - member: a member token with a bound VIP (else 4001, or 4004 when the VIP is not bound).
 */
export type Access = 'public' | 'member';

/**
 * The handler of one path P of the endpoint table (lib/contract/endpoints.ts, docs/architecture.md "The endpoint
 * table"): its access is the table's, and it must return the table's Result for P, so a field renamed on this side
 * fails tsc.
 */
export interface Endpoint<P extends EndpointPath = EndpointPath> {
  access: AccessOf<P>;
  /** Whether the call changes data (documentation, and the router's write log). */
  write?: boolean;
  /**
   * Calls that obtain or drop tokens (GetVisitorToken, logins, refresh, logout):
   * a stale or foreign Bearer sent along is ignored instead of answering 4002/4001,
   * which would otherwise loop the client's refresh (SPEC §8).
   */
  ignoresToken?: boolean;
  /** Takes files (multipart/form-data) with a body larger than other calls' MAX_BODY_BYTES (router.ts). */
  upload?: UploadRule;
  /** Returns the envelope's Result (the table's for P). Throw BackendError for a non-1 ErrorNo. */
  handle(ctx: HandlerContext<RequestFields<P>>): ResultOf<P> | Promise<ResultOf<P>>;
}

/** One service group's handlers, keyed by the path below /api/ (e.g. 'News/GetNewList'), each typed by its path. */
export type EndpointMap = { [P in EndpointPath]?: Endpoint<P> };

/** An endpoint as the router finds it by the path a request names: any path, any Result. */
export interface RoutedEndpoint extends Omit<Endpoint, 'access' | 'handle'> {
  access: Access;
  handle(ctx: HandlerContext): unknown;
}

// The errors a handler throws live in errors.ts (the throttles throw them too; types.ts imports the throttles' type).
export { BackendError, ErrorNo, TooManyRequests } from './errors';

export interface Migration {
  /** Unique and ordered, e.g. '001-core'. */
  id: string;
  sql: string;
}

/** Fills the tables of one area with demo content; runs once, on a fresh database. */
export type Seeder = (db: Database, settings: BackendSettings) => void;
