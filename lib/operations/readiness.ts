/**
 * What GET /readyz answers (app/readyz/route.ts, docs/operations.md "Health"): whether this process can
 * serve. Ready means: it is not draining (lib/observability/http-server.ts), the API host answers (or, for
 * the embedded backend, its database answers and this process may write it: a database it can only read
 * served pages while every login failed), and Redis answers when REDIS_URL is set. Each check has a short
 * deadline, and concurrent probes share one run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDraining } from '@/lib/observability/hook-state';
import { withDeadline, withinDeadline } from '@/lib/deadline';

export interface Readiness {
  ready: boolean;
  /** Each check's verdict: 'ok', or why not. */
  checks: Record<string, string>;
}

const CHECK_DEADLINE_MS = 2000;

/** `work` within the check's deadline, its timer cleared when it answers (lib/deadline.ts), else why not. */
function answerWithin<T>(work: Promise<T>, what: string): Promise<T> {
  return withinDeadline(CHECK_DEADLINE_MS, work).catch((err: unknown) => {
    throw (err as Error | null)?.name === 'TimeoutError' ? new Error(`${what} did not answer within ${CHECK_DEADLINE_MS} ms`) : err;
  });
}

async function apiHost(base: string): Promise<string> {
  // A public read of the contract (SPEC §7 TW_Org/GetProvincetList): any envelope means the host answers.
  const { res, body } = await withDeadline(CHECK_DEADLINE_MS, async (signal) => {
    const res = await fetch(`${base.replace(/\/+$/, '')}/api/TW_Org/GetProvincetList?IsWeb=1&Sub=`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      signal,
    });
    return { res, body: (await res.json().catch(() => null)) as { ErrorNo?: unknown } | null };
  });
  if (typeof body?.ErrorNo !== 'number') return `API host answered HTTP ${res.status} without an envelope`;
  return 'ok';
}

async function embeddedDatabase(): Promise<string> {
  const { getBackend } = await import('@/lib/backend/router');
  const { db, settings } = getBackend();
  db.prepare('SELECT 1').get();
  if (settings.dbPath === ':memory:') return 'ok';
  // SQLite opens a file it may not write read-only, and reads go on while every write fails (EACCES).
  const file = path.resolve(settings.dbPath);
  for (const target of [path.dirname(file), file, `${file}-wal`, `${file}-shm`]) {
    // A runtime path (the database's): turbopackIgnore keeps the build from tracing the whole project for it.
    if (target !== path.dirname(file) && !fs.existsSync(/*turbopackIgnore: true*/ target)) continue;
    try {
      fs.accessSync(target, fs.constants.R_OK | fs.constants.W_OK);
    } catch {
      return `database ${target} is not writable by this process (uid ${process.getuid?.() ?? '?'})`;
    }
  }
  return 'ok';
}

async function redis(): Promise<string> {
  const { sharedRedis } = await import('@/lib/shared-state/redis');
  const client = sharedRedis();
  if (!client) return 'ok';
  if (client.status !== 'ready') return `Redis is ${client.status}`;
  return (await client.ping()) === 'PONG' ? 'ok' : 'Redis did not answer PONG';
}

async function check(name: string, run: () => Promise<string>, checks: Record<string, string>) {
  try {
    checks[name] = await answerWithin(run(), name);
  } catch (err) {
    checks[name] = err instanceof Error ? err.message : String(err);
  }
}

async function evaluate(env: Readonly<Record<string, string | undefined>>): Promise<Readiness> {
  const checks: Record<string, string> = {};
  if (isDraining()) checks.process = 'draining: this process is stopping';
  else checks.process = 'ok';
  await Promise.all([
    env.API_BASE_URL ? check('api', () => apiHost(env.API_BASE_URL!), checks) : check('database', embeddedDatabase, checks),
    env.REDIS_URL ? check('redis', redis, checks) : Promise.resolve(),
  ]);
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
}

const KEY = Symbol.for('shengai.readiness-in-flight');

export function readiness(env: Readonly<Record<string, string | undefined>> = process.env): Promise<Readiness> {
  const g = globalThis as typeof globalThis & { [KEY]?: Promise<Readiness> };
  g[KEY] ??= evaluate(env).finally(() => {
    g[KEY] = undefined;
  });
  return g[KEY];
}
