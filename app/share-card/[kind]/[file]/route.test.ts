/**
 * GET /share-card/<kind>/<key>.png (docs/seo-sharing.md "Share cards", docs/security.md "Abuse from many
 * clients"): a card is drawn once per content version and kept on disk, so later requests, a restarted
 * process's included, cost a file read and never a draw; unknown keys store nothing; a burst of requests for a
 * new card draws it once; anything that needs a lookup counts against the client's limit. The drawing and the
 * page lookup are stood in for (counted), the rest is the route as served.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PEER_HEADER } from '@/lib/security/client-address';
import { resetRouteLimits } from '@/lib/security/route-limits';
import { shareCardVersion, type ShareCard } from '@/lib/share-card/content';

const draws = vi.fn<(card: ShareCard) => Promise<Uint8Array>>(async (card) => new TextEncoder().encode(`PNG of ${card.title}`));
const titles = new Map<string, string>([['D100001', '张医生']]);
vi.mock('@/lib/share-card/render', () => ({ renderShareCard: (card: ShareCard) => draws(card) }));
vi.mock('@/lib/share-card/load', () => ({
  loadShareCard: async (kind: string, key: string): Promise<ShareCard | null> => {
    const title = kind === 'doctor' ? titles.get(key) : undefined;
    return title ? { kind: 'doctor', id: key, kicker: '中医内科', title, lines: ['主任医师'] } : null;
  },
}));

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'share-cards-'));
  vi.stubEnv('SHARE_CARD_DIR', dir);
});
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => resetRouteLimits());

/** The route as a fresh process loads it: no state of an earlier one survives but the disk. */
async function freshRoute() {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('shengai.stored-cards')];
  vi.resetModules();
  return import('./route');
}

const get = (route: Awaited<ReturnType<typeof freshRoute>>, kind: string, file: string, query = '', peer = '127.0.80.1') =>
  route.GET(new Request(`http://site.test/share-card/${kind}/${file}${query}`, { headers: { [PEER_HEADER]: peer } }), {
    params: Promise.resolve({ kind, file }),
  });

const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.png')) : []);
const version = (title: string) => shareCardVersion({ kind: 'doctor', id: 'D100001', kicker: '中医内科', title, lines: ['主任医师'] });

describe('share cards kept on disk per content version', () => {
  it('draws a card once; later requests and a restarted process read it from disk', async () => {
    let route = await freshRoute();
    const first = await get(route, 'doctor', 'D100001.png');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(await first.text()).toBe('PNG of 张医生');
    expect(draws).toHaveBeenCalledTimes(1);
    expect(files()).toHaveLength(1);

    const v = version('张医生');
    for (const query of ['', `?v=${v}`, '?v=stale']) expect((await get(route, 'doctor', 'D100001.png', query)).status).toBe(200);
    route = await freshRoute();
    const linked = await get(route, 'doctor', 'D100001.png', `?v=${v}`);
    expect(linked.headers.get('cache-control')).toContain('immutable');
    expect(await linked.text()).toBe('PNG of 张医生');
    expect((await get(route, 'doctor', 'D100001.png')).status).toBe(200);
    expect(draws).toHaveBeenCalledTimes(1);
  });

  it('a changed page draws its new version once and keeps one file per card', async () => {
    const route = await freshRoute();
    titles.set('D100001', '张明医生');
    const before = draws.mock.calls.length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(route, 'doctor', 'D100001.png')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await answers[7]!.text()).toBe('PNG of 张明医生');
    expect(draws.mock.calls.length - before).toBe(1);
    expect(files()).toEqual([expect.stringContaining(`D100001.${version('张明医生')}.png`)]);
  });

  it('unknown keys store nothing; past its limit a client gets 429 with Retry-After, another client does not', async () => {
    const route = await freshRoute();
    const before = draws.mock.calls.length;
    for (let i = 0; i < 120; i++) expect((await get(route, 'doctor', `X${i}.png`, `?v=${i}`, '127.0.81.1')).status).toBe(404);
    const refused = await get(route, 'doctor', 'X999.png', '', '127.0.81.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get(route, 'doctor', 'X999.png', '', '127.0.81.2')).status).toBe(404);
    // A stored card a page links is still served to the limited client: a file read, never refused.
    expect((await get(route, 'doctor', 'D100001.png', `?v=${version('张明医生')}`, '127.0.81.1')).status).toBe(200);
    expect(draws.mock.calls.length).toBe(before);
    expect(files()).toHaveLength(1);
  });
});
