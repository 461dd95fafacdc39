/**
 * The process's metrics (docs/operations.md "Metrics"), in Prometheus text at GET /metrics of a loopback
 * listener of their own (lib/observability/metrics-listener.ts), through prom-client. One registry per process, on globalThis: proxy.ts, the app's
 * routes and instrumentation.ts are bundled apart but run in one process, and each counts into the same
 * series. Label values are bounded: route patterns of the build, never a raw path (lib/observability/
 * route-pattern.ts); service groups of SPEC §7; throttle rules by name.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface SiteMetrics {
  registry: Registry;
  requestDuration: Histogram<'route' | 'method' | 'status'>;
  pageCacheAnswers: Counter<'outcome'>;
  apiCallDuration: Histogram<'group' | 'outcome'>;
  apiCallErrors: Counter<'group' | 'kind'>;
  tokenRefreshes: Counter<'outcome'>;
  throttleRefusals: Counter<'rule'>;
  askPhotos: Counter<'outcome'>;
  askPhotoBytes: Counter<'kind'>;
  proofs: Counter<'rule' | 'outcome'>;
  smsNewNumbers: Counter<'budget'>;
  smsNewNumberBudgetSpent: Gauge;
}

const KEY = Symbol.for('shengai.metrics');

function create(): SiteMetrics {
  const registry = new Registry();
  // The process's own: CPU, resident memory, heap, event-loop lag, GC, open handles (prom-client's defaults).
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestDuration: new Histogram({
      name: 'shengai_http_request_duration_seconds',
      help: 'Requests answered by this process, by route pattern of the build, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    pageCacheAnswers: new Counter({
      name: 'shengai_page_cache_answers_total',
      help: 'Page loads answered by the whole-page cache: hit, stale, miss (rendered now), last-good, fallback',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    apiCallDuration: new Histogram({
      name: 'shengai_api_call_duration_seconds',
      help: 'Calls to the API host (or the embedded backend) by service group of SPEC §7 and outcome',
      labelNames: ['group', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    apiCallErrors: new Counter({
      name: 'shengai_api_call_errors_total',
      help: 'Calls to the API host that failed: network (refused, timed out), bad_response (not an envelope), server (ErrorNo 500)',
      labelNames: ['group', 'kind'],
      registers: [registry],
    }),
    tokenRefreshes: new Counter({
      name: 'shengai_token_refreshes_total',
      help: 'Refreshes of a member session (SPEC §8 4002) by outcome: refreshed, ended (4001/4003/4004), too_fast (4029), failed',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    throttleRefusals: new Counter({
      name: 'shengai_throttle_refusals_total',
      help: 'Requests refused by a rate limit, by rule',
      labelNames: ['rule'],
      registers: [registry],
    }),
    askPhotos: new Counter({
      name: 'shengai_ask_photos_total',
      help: 'Photos sent with 图文问诊 questions to this process: stored (re-encoded) or refused (not an image, too large, corrupt)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    askPhotoBytes: new Counter({
      name: 'shengai_ask_photo_bytes_total',
      help: 'Bytes of 图文问诊 photos: sent (as the members sent them) and stored (re-encoded, on disk beside the database)',
      labelNames: ['kind'],
      registers: [registry],
    }),
    proofs: new Counter({
      name: 'shengai_proof_of_work_total',
      help: 'The slower path of spent ceilings, by rule: asked (a challenge sent instead of a refusal), passed (a solution let the request through), refused (a solution forged, expired, wrong or spent)',
      labelNames: ['rule', 'outcome'],
      registers: [registry],
    }),
    smsNewNumbers: new Counter({
      name: 'shengai_sms_new_number_sends_total',
      help: 'SMS code requests to numbers never seen (no member, no code answered): within_budget, or past_budget (each then needs a proof of work)',
      labelNames: ['budget'],
      registers: [registry],
    }),
    smsNewNumberBudgetSpent: new Gauge({
      name: 'shengai_sms_new_number_budget_spent',
      help: '1 while the hourly budget of SMS to numbers never seen (lib/limits.ts smsNewNumbers) is spent and such sends need a proof of work, else 0',
      registers: [registry],
    }),
  };
}

export function siteMetrics(): SiteMetrics {
  const g = globalThis as typeof globalThis & { [KEY]?: SiteMetrics };
  g[KEY] ??= create();
  return g[KEY];
}

/** The service group of a contract path (SPEC §7): `News/GetNewList` → `News`. Unknown shapes count as `other`. */
export function serviceGroup(path: string): string {
  const group = /^([A-Za-z_]{1,40})\//.exec(path)?.[1];
  return group ?? 'other';
}

/** One call to the API host, timed (lib/api/client.ts). `errorNo` is the envelope's, when one came back. */
export function recordApiCall(path: string, seconds: number, outcome: { errorNo?: number; fault?: 'network' | 'bad_response' }): void {
  const m = siteMetrics();
  const group = serviceGroup(path);
  const kind = outcome.fault ?? (outcome.errorNo === 500 ? 'server' : undefined);
  m.apiCallDuration.observe({ group, outcome: kind ?? (outcome.errorNo === 1 ? 'ok' : 'refused') }, seconds);
  if (kind) m.apiCallErrors.inc({ group, kind });
}

export type RefreshOutcome = 'refreshed' | 'ended' | 'too_fast' | 'failed';

export function recordTokenRefresh(outcome: RefreshOutcome): void {
  siteMetrics().tokenRefreshes.inc({ outcome });
}

/** A rate limit said no (lib/backend/throttles.ts, and any limit of the site that refuses with 429). */
export function recordThrottleRefusal(rule: string): void {
  siteMetrics().throttleRefusals.inc({ rule: rule.slice(0, 60) });
}

const PAGE_CACHE_OUTCOMES = new Set(['HIT', 'STALE', 'MISS', 'LAST-GOOD', 'FALLBACK']);

/** The page cache's answer of one request (x-page-cache, read by lib/observability/http-server.ts). */
export function recordPageCacheAnswer(how: string): void {
  if (PAGE_CACHE_OUTCOMES.has(how)) siteMetrics().pageCacheAnswers.inc({ outcome: how.toLowerCase() });
}

/** One photo of a question (lib/backend/handlers/ask.ts): stored with its bytes as sent and as kept, or refused. */
export function recordAskPhoto(outcome: 'stored' | 'refused', sentBytes: number, storedBytes = 0): void {
  const m = siteMetrics();
  m.askPhotos.inc({ outcome });
  m.askPhotoBytes.inc({ kind: 'sent' }, sentBytes);
  if (storedBytes) m.askPhotoBytes.inc({ kind: 'stored' }, storedBytes);
}

/** The slower path of a spent ceiling (lib/backend/proof.ts): a challenge asked, a solution passed or refused. */
export function recordProof(rule: string, outcome: 'asked' | 'passed' | 'refused'): void {
  siteMetrics().proofs.inc({ rule: rule.slice(0, 60), outcome });
}

/** A send to a number never seen (lib/backend/sms-alerts.ts): within the hourly budget or past it, and the budget's state. */
export function recordNewNumberSms(budget: 'within_budget' | 'past_budget', spent: boolean): void {
  const m = siteMetrics();
  m.smsNewNumbers.inc({ budget });
  m.smsNewNumberBudgetSpent.set(spent ? 1 : 0);
}
