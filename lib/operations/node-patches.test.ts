import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import nextPackage from 'next/package.json';
import { installNodePatches, nextVersionFits, NEXT_RANGE, PATCHES } from './node-patches';
import { PEER_HEADER } from '@/lib/security/client-address';
import { passThroughInstalled } from '@/lib/page-cache/pass-through';

describe('the Next versions the Node patches were written for (docs/decisions.md)', () => {
  it.each([
    ['16.4.0', true],
    ['16.4.6', true],
    ['16.5.0-canary.3', true],
    ['16.12.1', true],
    ['16.3.9', false],
    ['15.5.4', false],
    ['17.0.0', false],
    ['17.0.0-canary.1', false],
    ['not a version', false],
  ])('%s fits: %s', (version, fits) => {
    expect(nextVersionFits(version)).toBe(fits);
  });

  it('the installed Next is inside the range (an upgrade out of it fails here first)', () => {
    expect(nextVersionFits(nextPackage.version), `next ${nextPackage.version} vs ${JSON.stringify(NEXT_RANGE)}`).toBe(true);
  });
});

describe('installNodePatches', () => {
  const servers: http.Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  it('outside the range, warns loudly once, naming the version and every patch, and installs them all the same', async () => {
    const lines: string[] = [];
    const emitBefore = http.Server.prototype.emit;
    const result = await installNodePatches({ nextVersion: '17.0.0', warn: (line) => lines.push(line) });
    expect(result).toEqual({ nextVersion: '17.0.0', fits: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[node-patches\] WARNING: Next 17\.0\.0 is outside >=16\.4 <17\.0/);
    for (const name of PATCHES) expect(lines[0]).toContain(name);
    expect(http.Server.prototype.emit).not.toBe(emitBefore);
    expect(passThroughInstalled()).toBe(true);

    // The patches answer: TRACE is 405 (not Next's 500), and the peer address is stamped over a forged one.
    let seenPeer: string | undefined;
    const server = http.createServer((req, res) => {
      seenPeer = req.headers[PEER_HEADER] as string | undefined;
      res.end('ok');
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const ask = (method: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method, path: '/', headers: { [PEER_HEADER]: '203.0.113.9' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await ask('TRACE')).toBe(405);
    expect(await ask('GET')).toBe(200);
    expect(seenPeer).toBe('127.0.0.1');
  });

  it('inside the range, says nothing', async () => {
    const lines: string[] = [];
    expect(await installNodePatches({ nextVersion: '16.4.6', warn: (line) => lines.push(line) })).toEqual({ nextVersion: '16.4.6', fits: true });
    expect(lines).toEqual([]);
  });
});
