/**
 * The page cache's disk tier (lib/page-cache/disk.ts, docs/decisions.md "Kept pages on disk"): what one process
 * writes another reads, never another key's page, another data source's or build's, one a purge overtook, or
 * one older than asked; a full disk costs only the copy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISK_PAGES, dataSource, deleteDiskPage, diskWritesSettled, forgetPurgeStamp, purgeDiskPages, readDiskPage, resetDiskTier, writeDiskPage } from './disk';
import type { CachedPage } from './store';

let root: string;

function page(text: string, renderedAt = Date.now()): CachedPage {
  const gzip = Buffer.from(`gzip:${text}`);
  const br = Buffer.from(`br:${text}`);
  return { status: 200, headers: [['content-type', 'text/html; charset=utf-8']], body: { gzip, br, csp: `csp of ${text}` }, bytes: gzip.byteLength + br.byteLength, renderedAt, refreshAt: renderedAt + 30_000 };
}

const ASK = { freshMs: 30_000, maxAgeMs: 10 * 60_000 };
const pageFiles = () => fs.readdirSync(root, { recursive: true }).map(String).filter((f) => f.endsWith('.page'));

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'page-disk-'));
  vi.stubEnv('PAGE_CACHE_DIR', root);
  vi.stubEnv('API_BASE_URL', '');
  vi.stubEnv('DATABASE_PATH', path.join(root, 'site.db'));
  resetDiskTier('build-a');
});

afterEach(async () => {
  await diskWritesSettled();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  resetDiskTier();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the disk tier of the page cache', () => {
  it('is off without PAGE_CACHE_DIR: nothing written, nothing read', async () => {
    vi.stubEnv('PAGE_CACHE_DIR', '');
    resetDiskTier('build-a');
    await writeDiskPage('/', page('home'), Date.now());
    expect(await readDiskPage('/', ASK)).toBeNull();
    expect(pageFiles()).toEqual([]);
  });

  it('reads back what a process wrote: status, headers, CSP and both encodings, fresh as long as its render was', async () => {
    const written = page('home', Date.now() - 5_000);
    await writeDiskPage('/', written, written.renderedAt - 100);
    // Another process of the same build and source: a tier of its own.
    resetDiskTier('build-a');
    const read = await readDiskPage('/', ASK);
    expect(read).not.toBeNull();
    expect(read!.status).toBe(200);
    expect(read!.headers).toEqual(written.headers);
    expect(read!.body.csp).toBe('csp of home');
    expect(read!.body.gzip.toString()).toBe('gzip:home');
    expect(read!.body.br.toString()).toBe('br:home');
    expect(read!.renderedAt).toBe(written.renderedAt);
    expect(read!.refreshAt).toBe(written.renderedAt + ASK.freshMs);
    expect(pageFiles()).toHaveLength(1);
    expect(fs.readdirSync(root, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('two writes of one page at once (a render and its refresh) both end well, the page whole', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await Promise.all([writeDiskPage('/', page('first'), Date.now()), writeDiskPage('/', page('second'), Date.now())]);
    expect(warn).not.toHaveBeenCalled();
    expect(['gzip:first', 'gzip:second']).toContain((await readDiskPage('/', ASK))?.body.gzip.toString());
    expect(pageFiles()).toHaveLength(1);
    warn.mockRestore();
  });

  it('never answers one key with another key’s page, even from its very file', async () => {
    await writeDiskPage('/newtdetail/1', page('one'), Date.now());
    const file = pageFiles()[0]!;
    // The file of /newtdetail/2 holding /newtdetail/1's page (a collision, a copy by hand): refused by its key.
    await writeDiskPage('/newtdetail/2', page('two'), Date.now());
    const second = pageFiles().find((f) => f !== file)!;
    fs.copyFileSync(path.join(root, file), path.join(root, second));
    expect(await readDiskPage('/newtdetail/2', ASK)).toBeNull();
    expect((await readDiskPage('/newtdetail/1', ASK))?.body.gzip.toString()).toBe('gzip:one');
  });

  it('keeps each build and each data source apart', async () => {
    await writeDiskPage('/', page('build a'), Date.now());
    resetDiskTier('build-b');
    expect(await readDiskPage('/', ASK)).toBeNull();
    resetDiskTier('build-a');
    expect(await readDiskPage('/', ASK)).not.toBeNull();
    vi.stubEnv('DATABASE_PATH', path.join(root, 'other.db'));
    resetDiskTier('build-a');
    expect(await readDiskPage('/', ASK)).toBeNull();
    expect(dataSource({ API_BASE_URL: 'https://api.example' })).toBe('https://api.example');
  });

  it('after a purge reads no page whose render began before it, in any build; a later render reads again', async () => {
    const before = Date.now() - 10;
    await writeDiskPage('/onlineMall', page('old stock'), before);
    resetDiskTier('build-b');
    await writeDiskPage('/onlineMall', page('old stock, new build'), before);
    purgeDiskPages();
    expect(await readDiskPage('/onlineMall', ASK)).toBeNull();
    resetDiskTier('build-a');
    expect(await readDiskPage('/onlineMall', ASK)).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1_000);
    await writeDiskPage('/onlineMall', page('new stock'), Date.now());
    expect((await readDiskPage('/onlineMall', ASK))?.body.gzip.toString()).toBe('gzip:new stock');
  });

  it('reads the stamp of another process’s purge again once it hears of the purge', async () => {
    await writeDiskPage('/onlineMall', page('old stock'), Date.now() - 10);
    expect(await readDiskPage('/onlineMall', ASK)).not.toBeNull();
    // Another process purges: its stamp on disk, then its message (Redis) reaches this one.
    const stampFile = path.join(root, fs.readdirSync(root).find((f) => !f.endsWith('.db'))!, 'purged-at');
    fs.writeFileSync(stampFile, String(Date.now()));
    forgetPurgeStamp();
    expect(await readDiskPage('/onlineMall', ASK)).toBeNull();
  });

  it('reads no page older than asked', async () => {
    await writeDiskPage('/', page('home', Date.now() - 11 * 60_000), Date.now() - 11 * 60_000);
    expect(await readDiskPage('/', ASK)).toBeNull();
    expect(await readDiskPage('/', { ...ASK, maxAgeMs: 24 * 60 * 60_000 })).not.toBeNull();
  });

  it('reads nothing from a cut or garbled file', async () => {
    await writeDiskPage('/', page('home'), Date.now());
    const file = path.join(root, pageFiles()[0]!);
    const whole = fs.readFileSync(file);
    fs.writeFileSync(file, whole.subarray(0, whole.indexOf(0x0a) + 3));
    expect(await readDiskPage('/', ASK)).toBeNull();
    fs.writeFileSync(file, 'not a page');
    expect(await readDiskPage('/', ASK)).toBeNull();
  });

  it('drops a page that is gone', async () => {
    await writeDiskPage('/newtdetail/9', page('nine'), Date.now());
    deleteDiskPage('/newtdetail/9');
    await vi.waitFor(() => expect(pageFiles()).toEqual([]));
    expect(await readDiskPage('/newtdetail/9', ASK)).toBeNull();
  });

  it(`keeps at most ${DISK_PAGES} pages a build, however many keys it is asked to keep and however often it restarts`, async () => {
    for (let i = 0; i < DISK_PAGES + 20; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => writeDiskPage(`/searchish?page=${i + j}`, page(String(i + j)), Date.now())));
    }
    expect(pageFiles()).toHaveLength(DISK_PAGES);
    // A page it already keeps is still written again (its refresh).
    await writeDiskPage('/searchish?page=0', page('again'), Date.now());
    expect((await readDiskPage('/searchish?page=0', ASK))?.body.gzip.toString()).toBe('gzip:again');
    // A restarted process counts what it finds: the folder stays bounded across restarts.
    resetDiskTier('build-a');
    await writeDiskPage('/searchish?page=after-restart', page('more'), Date.now());
    expect(pageFiles()).toHaveLength(DISK_PAGES);
  });

  it('on a disk it cannot write (a full one, a file in the way) keeps the page in memory only and says so once', async () => {
    const blocker = path.join(root, 'blocker');
    fs.writeFileSync(blocker, '');
    vi.stubEnv('PAGE_CACHE_DIR', blocker);
    resetDiskTier('build-a');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(writeDiskPage('/', page('home'), Date.now())).resolves.toBeUndefined();
    await writeDiskPage('/foundation', page('foundation'), Date.now());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('kept in memory only');
    expect(await readDiskPage('/', ASK)).toBeNull();
    expect(() => purgeDiskPages()).not.toThrow();
    warn.mockRestore();
  });
});
