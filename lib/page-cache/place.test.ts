import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { locateByIp } = vi.hoisted(() => ({ locateByIp: vi.fn() }));
vi.mock('@/lib/api/reference', () => ({ locateByIp }));

import { LOCATION_FAILURE_MEMORY_MS, LOCATION_MEMORY_MS } from '@/lib/visitor-location';
import { PLACE_LOOKUP_MS, visitorPlace } from './place';

const KUNMING = { provinceId: 215, provinceName: '云南省', city: '昆明市', lat: 25.04, lng: 102.71 };

// Each test uses addresses of its own: the memory is the process's (lib/visitor-location.ts), as in a server.
describe('visitorPlace (lib/page-cache/place.ts)', () => {
  beforeEach(() => {
    locateByIp.mockReset();
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('gives the province and point of an address, and asks the API host once while it remembers', async () => {
    locateByIp.mockResolvedValue(KUNMING);
    expect(await visitorPlace('203.0.113.1')).toBe('215@25.04,102.71');
    expect(await visitorPlace('203.0.113.1')).toBe('215@25.04,102.71');
    expect(locateByIp).toHaveBeenCalledTimes(1);
    expect(locateByIp).toHaveBeenCalledWith('203.0.113.1');
    vi.setSystemTime(Date.now() + LOCATION_MEMORY_MS + 1);
    await visitorPlace('203.0.113.1');
    expect(locateByIp).toHaveBeenCalledTimes(2);
  });

  it('gives null when the address cannot be located, and asks again only after a short while', async () => {
    locateByIp.mockResolvedValue(null);
    expect(await visitorPlace('203.0.113.2')).toBeNull();
    expect(await visitorPlace('203.0.113.2')).toBeNull();
    expect(locateByIp).toHaveBeenCalledTimes(1);
    locateByIp.mockResolvedValue(KUNMING);
    vi.setSystemTime(Date.now() + LOCATION_FAILURE_MEMORY_MS + 1);
    expect(await visitorPlace('203.0.113.2')).toBe('215@25.04,102.71');
  });

  it('answers a remembered address at once: no timer is set and nothing is asked', async () => {
    locateByIp.mockResolvedValue(KUNMING);
    expect(await visitorPlace('203.0.113.4')).toBe('215@25.04,102.71');
    locateByIp.mockReturnValue(new Promise(() => {}));
    const place = visitorPlace('203.0.113.4');
    // The first visit's lookup raced a PLACE_LOOKUP_MS timer; a remembered one has nothing to race.
    expect(vi.getTimerCount()).toBe(0);
    expect(await place).toBe('215@25.04,102.71');
    expect(locateByIp).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a hanging API host longer than PLACE_LOOKUP_MS', async () => {
    locateByIp.mockReturnValue(new Promise(() => {}));
    const place = visitorPlace('203.0.113.3');
    let settled = false;
    void place.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(PLACE_LOOKUP_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await place).toBeNull();
  });
});
