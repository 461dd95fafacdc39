/**
 * The page cache's second tier, on disk (docs/decisions.md "Kept pages on disk: a restart and a crawler start
 * warm"): every page the shared store keeps is also written to PAGE_CACHE_DIR, so a process that starts (a
 * rolling restart, a crash, the next process on the host) answers a page another process of the same build
 * rendered, and the release's prerender (scripts/prerender-pages.mjs) renders the sitemap once for all of them.
 * Off unless PAGE_CACHE_DIR is set.
 *
 * - `PAGE_CACHE_DIR/<data source>/<build>/<sha256 of the key>.page`: one folder per data source (the API host,
 *   or the embedded backend's database file), one per build (a page names its build's chunks);
 * - a file is the page's fixed headers as one JSON line, then its gzip and brotli bytes, written to a temporary
 *   name and renamed, so a reader never meets half a page;
 * - a purge writes `purged-at` beside the builds: a page whose render began before it is never read again, in
 *   any process, old or new;
 * - bounded: DISK_PAGES pages a build's folder holds (each process counts what it finds there); a failed write
 *   (a full disk) costs the page its second copy, nothing else, and is reported once.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CachedPage } from './store';

/**
 * Pages a build's folder holds at most, counted by each process from what it found there and what it wrote (the
 * sitemap holds about 750, its lists and places a few hundred): a URL space without end (a query a page reads)
 * fills it once, not once per restart.
 */
export const DISK_PAGES = 3000;
const FORMAT = 1;

interface PageHeader {
  v: number;
  key: string;
  status: number;
  headers: [string, string][];
  csp: string;
  renderedAt: number;
  /** When the render began: a purge after it means the page may hold what the purge was for. */
  startedAt: number;
  gzipBytes: number;
}

interface Tier {
  /** The data source's folder: its `purged-at` stamp. */
  sourceDir: string;
  /** This build's pages. */
  buildDir: string;
  written: Set<string>;
  /** Pages in the build's folder when this process first wrote: the bound counts them too, so restarts add none. */
  existing: Promise<number> | null;
  warned: boolean;
  /** The stamp as last read: read again after every purge this process makes or hears of. */
  purgedAt: Promise<number> | null;
}

const TIER = Symbol.for('shengai.page-cache-disk');

/** The build's id (`.next/BUILD_ID` of the folder `next start` runs in), or null outside a build. */
function buildId(): string | null {
  try {
    return fs.readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Where pages come from: a page of one source is never another's (the tests' databases share a build). */
export function dataSource(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return env.API_BASE_URL || `embedded:${path.resolve(env.DATABASE_PATH || '.data/site.db')}`;
}

/** The tier of this process, or null when PAGE_CACHE_DIR is unset or there is no build. */
function tier(build: string | null = null): Tier | null {
  const root = process.env.PAGE_CACHE_DIR;
  if (!root) return null;
  const g = globalThis as typeof globalThis & { [TIER]?: Tier | null };
  if (g[TIER] !== undefined) return g[TIER];
  build ??= buildId();
  const sourceDir = path.join(path.resolve(root), digest(dataSource()).slice(0, 16));
  g[TIER] = build ? { sourceDir, buildDir: path.join(sourceDir, build), written: new Set(), existing: null, warned: false, purgedAt: null } : null;
  return g[TIER];
}

/** Forget the tier of this process: tests that change PAGE_CACHE_DIR, or name a build of their own. */
export function resetDiskTier(build?: string): void {
  delete (globalThis as typeof globalThis & { [TIER]?: Tier | null })[TIER];
  if (build) tier(build);
}

const fileOf = (t: Tier, key: string) => path.join(t.buildDir, `${digest(key)}.page`);

function purgedAt(t: Tier): Promise<number> {
  t.purgedAt ??= fs.promises.readFile(path.join(t.sourceDir, 'purged-at'), 'utf8').then(
    (text) => Number(text) || 0,
    () => 0,
  );
  return t.purgedAt;
}

/**
 * Another process purged (lib/shared-state/page-cache-purge.ts): read its stamp again before the next page. A
 * process that hears of no purge (Redis down) keeps its memory as stale as its stamp, the same way.
 */
export function forgetPurgeStamp(): void {
  const t = tier();
  if (t) t.purgedAt = null;
}

function warnOnce(t: Tier, err: unknown): void {
  if (t.warned) return;
  t.warned = true;
  console.warn(`[page-cache] pages are not written to ${t.buildDir} (${(err as Error).message}); they are kept in memory only`);
}

/** Writes under way in this process (`diskWritesSettled`). */
const pendingWrites = new Set<Promise<void>>();
/** A temporary name of its own for each write: two writes of one page may overlap (a render and its refresh). */
let writeCount = 0;

/** Keeps `page` on disk; the answer never waits for it (the promise is for tests), and it never rejects. */
export function writeDiskPage(key: string, page: CachedPage, startedAt: number): Promise<void> {
  const write = writePage(key, page, startedAt);
  pendingWrites.add(write);
  void write.finally(() => pendingWrites.delete(write));
  return write;
}

/** Every write begun so far has ended (tests, before they remove the folder). */
export async function diskWritesSettled(): Promise<void> {
  while (pendingWrites.size > 0) await Promise.all(pendingWrites);
}

async function writePage(key: string, page: CachedPage, startedAt: number): Promise<void> {
  const t = tier();
  if (!t) return;
  if (!t.written.has(key)) {
    t.existing ??= fs.promises.readdir(t.buildDir).then(
      (files) => files.filter((f) => f.endsWith('.page')).length,
      () => 0,
    );
    if ((await t.existing) + t.written.size >= DISK_PAGES) return;
    t.written.add(key);
  }
  const header: PageHeader = {
    v: FORMAT,
    key,
    status: page.status,
    headers: page.headers,
    csp: page.body.csp,
    renderedAt: page.renderedAt,
    startedAt,
    gzipBytes: page.body.gzip.byteLength,
  };
  const file = fileOf(t, key);
  const temporary = `${file}.${process.pid}.${++writeCount}.tmp`;
  try {
    await fs.promises.mkdir(t.buildDir, { recursive: true });
    await fs.promises.writeFile(temporary, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), page.body.gzip, page.body.br]));
    await fs.promises.rename(temporary, file);
  } catch (err) {
    await fs.promises.rm(temporary, { force: true }).catch(() => undefined);
    warnOnce(t, err);
  }
}

/**
 * The page kept on disk under `key`, as the memory store keeps it (fresh for `freshMs` after its render), or
 * null: none, another key's, rendered before the last purge, older than `maxAgeMs`, or unreadable.
 */
export async function readDiskPage(key: string, { freshMs, maxAgeMs }: { freshMs: number; maxAgeMs: number }): Promise<CachedPage | null> {
  const t = tier();
  if (!t) return null;
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(fileOf(t, key));
  } catch {
    return null;
  }
  const end = bytes.indexOf(0x0a);
  if (end < 0) return null;
  let header: PageHeader;
  try {
    header = JSON.parse(bytes.subarray(0, end).toString('utf8')) as PageHeader;
  } catch {
    return null;
  }
  if (header.v !== FORMAT || header.key !== key || Date.now() - header.renderedAt > maxAgeMs) return null;
  if (header.startedAt <= (await purgedAt(t))) return null;
  const gzip = bytes.subarray(end + 1, end + 1 + header.gzipBytes);
  const br = bytes.subarray(end + 1 + header.gzipBytes);
  if (gzip.byteLength !== header.gzipBytes || br.byteLength === 0) return null;
  return {
    status: header.status,
    headers: header.headers,
    body: { gzip, br, csp: header.csp },
    bytes: gzip.byteLength + br.byteLength,
    renderedAt: header.renderedAt,
    refreshAt: header.renderedAt + freshMs,
  };
}

/** The page is gone (a refresh answered 404 or 410): its copy on disk goes too. */
export function deleteDiskPage(key: string): void {
  const t = tier();
  if (t) void fs.promises.rm(fileOf(t, key), { force: true }).catch(() => undefined);
}

/** A purge: no page on disk rendered before now is read again, by any process of any build. */
export function purgeDiskPages(): void {
  const t = tier();
  if (!t) return;
  const now = Date.now();
  t.purgedAt = Promise.resolve(now);
  const stamp = path.join(t.sourceDir, 'purged-at');
  const temporary = `${stamp}.${process.pid}.tmp`;
  // Synchronous: the write that purged answers only once no process can read an older page.
  try {
    fs.mkdirSync(t.sourceDir, { recursive: true });
    fs.writeFileSync(temporary, String(now));
    fs.renameSync(temporary, stamp);
  } catch (err) {
    // No stamp (a full disk): the pages go instead, whatever they were.
    try {
      fs.rmSync(t.buildDir, { recursive: true, force: true });
    } catch {
      // Nothing there to read either.
    }
    warnOnce(t, err);
  }
}
