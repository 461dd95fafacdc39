import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addressBlocks,
  clientAddress,
  isFromSite,
  knownClientAddress,
  limitKey,
  PEER_HEADER,
  SITE_CLIENT_HEADER,
  SITE_SECRET_HEADER,
  siteForwardHeaders,
  siteSecret,
  trustedProxyHops,
  UNKNOWN_ADDRESS,
} from './client-address';
import http from 'node:http';
import { stampPeer } from './peer-stamp';

const h = (init: Record<string, string>) => new Headers(init);

afterEach(() => vi.unstubAllEnvs());

describe('clientAddress (docs/security.md "Attacks on the member system: backend")', () => {
  it('with no trusted proxy (the default) a client-sent X-Forwarded-For counts for nothing', () => {
    expect(trustedProxyHops()).toBe(0);
    expect(clientAddress(h({ 'x-forwarded-for': '198.51.100.7', [PEER_HEADER]: '203.0.113.9' }))).toBe('203.0.113.9');
    expect(clientAddress(h({ 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.8' }))).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(h({ 'x-forwarded-for': '198.51.100.7' }), '::ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('with N trusted hops takes the Nth entry from the right', () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    expect(clientAddress(h({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7', [PEER_HEADER]: '127.0.0.1' }))).toBe('203.0.113.7');
    vi.stubEnv('TRUSTED_PROXY_HOPS', '2');
    expect(clientAddress(h({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' }))).toBe('203.0.113.7');
    // Fewer entries than hops, or junk: unknown, never the client's claim.
    expect(clientAddress(h({ 'x-forwarded-for': '10.0.0.2' }))).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(h({ 'x-forwarded-for': '<script>, 10.0.0.2' }))).toBe(UNKNOWN_ADDRESS);
    vi.stubEnv('TRUSTED_PROXY_HOPS', 'lots');
    expect(trustedProxyHops()).toBe(0);
  });

  it('trusts the site\'s own forwarded address only with the per-process secret', () => {
    const forwarded = h({ ...siteForwardHeaders('203.0.113.20'), [PEER_HEADER]: '127.0.0.1' });
    expect(isFromSite(forwarded)).toBe(true);
    expect(clientAddress(forwarded)).toBe('203.0.113.20');
    const forged = h({ [SITE_SECRET_HEADER]: 'x'.repeat(siteSecret().length), [SITE_CLIENT_HEADER]: '198.51.100.1', [PEER_HEADER]: '192.0.2.5' });
    expect(isFromSite(forged)).toBe(false);
    expect(clientAddress(forged)).toBe('192.0.2.5');
    expect(knownClientAddress(h({}))).toBeUndefined();
  });

  it('the peer stamp overwrites a client-sent value with the socket address', () => {
    const request = new http.IncomingMessage({ remoteAddress: '192.0.2.77' } as never);
    request.headers[PEER_HEADER] = '1.2.3.4';
    stampPeer(request);
    expect(request.headers[PEER_HEADER]).toBe('192.0.2.77');
  });
});

describe('limitKey (docs/security.md "Per client, per phone, then the site")', () => {
  it('keys an IPv6 address by its /64, in one spelling however it was written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:fffe', '2001:DB8:1:2:0:0:0:9', '2001:db8:1:2::1.2.3.4']) {
      expect(limitKey(address), address).toBe(key);
    }
    expect(limitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('leaves IPv4 addresses and names that are not addresses as they are', () => {
    expect(limitKey('127.0.10.1')).toBe('127.0.10.1');
    expect(limitKey(UNKNOWN_ADDRESS)).toBe(UNKNOWN_ADDRESS);
  });
});

describe('addressBlocks (docs/security.md "Blocks of addresses")', () => {
  it('puts an IPv4 address in its /24, and IPv6 in its /48 and /24, one spelling however written', () => {
    expect(addressBlocks('127.0.0.9')).toEqual([{ key: '127.0.0.0/24', factor: 8 }]);
    expect(addressBlocks('127.0.1.9')[0]!.key).toBe('127.0.1.0/24');
    for (const address of ['2001:db8:1:2::1', '2001:0DB8:0001:ffff:ffff:ffff:ffff:fffe']) {
      expect(addressBlocks(address).map((b) => b.key), address).toEqual(['2001:db8:1::/48', '2001:d00::/24']);
    }
    expect(addressBlocks('2001:dff:ffff::1').map((b) => b.key)).toEqual(['2001:dff:ffff::/48', '2001:d00::/24']);
    expect(addressBlocks('2001:e00::1')[1]!.key).toBe('2001:e00::/24');
  });

  it('gives an unknown address no block', () => {
    expect(addressBlocks(UNKNOWN_ADDRESS)).toEqual([]);
  });
});
