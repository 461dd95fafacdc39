import { describe, expect, it } from 'vitest';
import { clientIpFrom } from './client-ip';

describe('clientIpFrom', () => {
  it('takes the entry the nearest hop wrote (the rightmost)', () => {
    expect(clientIpFrom('6.6.6.6, 203.0.113.7', null)).toBe('203.0.113.7');
    expect(clientIpFrom('203.0.113.7', null)).toBe('203.0.113.7');
    expect(clientIpFrom('::1', null)).toBe('::1');
  });
  it('falls back to X-Real-IP and refuses what is not an address', () => {
    expect(clientIpFrom(null, '198.51.100.2')).toBe('198.51.100.2');
    expect(clientIpFrom('<script>', null)).toBeUndefined();
    expect(clientIpFrom(null, null)).toBeUndefined();
  });
});
