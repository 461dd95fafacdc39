import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { locateByIp } = vi.hoisted(() => ({ locateByIp: vi.fn() }));
vi.mock('@/lib/api/reference', () => ({ locateByIp }));

const KUNMING = { provinceId: 215, provinceName: '云南省', city: '昆明市', lat: 25.04, lng: 102.71 };

// Each test uses addresses of its own: the memory is the process's.
describe('locateVisitor (lib/visitor-location.ts, SPEC §2 GetAliyunCity)', () => {
  beforeEach(() => {
    locateByIp.mockReset();
    vi.resetModules();
  });
  afterEach(() => vi.useRealTimers());

  it('is one memory for every copy of the module in the process (proxy.ts and each route bundle their own)', async () => {
    locateByIp.mockResolvedValue(KUNMING);
    const cacheCopy = await import('./visitor-location');
    vi.resetModules();
    const renderCopy = await import('./visitor-location');
    expect(renderCopy).not.toBe(cacheCopy);
    // The page cache keys the page by the place, then the render reads the same answer without asking again.
    expect(await cacheCopy.locateVisitor('203.0.113.50')).toEqual(KUNMING);
    expect(await renderCopy.locateVisitor('203.0.113.50')).toEqual(KUNMING);
    expect(locateByIp).toHaveBeenCalledTimes(1);
  });

  it('asks once for lookups of one address at the same time (a list reads province and position at once)', async () => {
    let answer: (value: typeof KUNMING) => void = () => {};
    locateByIp.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { locateVisitor } = await import('./visitor-location');
    const both = Promise.all([locateVisitor('203.0.113.51'), locateVisitor('203.0.113.51')]);
    answer(KUNMING);
    expect(await both).toEqual([KUNMING, KUNMING]);
    expect(locateByIp).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure sooner than a place', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { locateVisitor, LOCATION_FAILURE_MEMORY_MS, LOCATION_MEMORY_MS } = await import('./visitor-location');
    locateByIp.mockResolvedValue(null);
    expect(await locateVisitor('203.0.113.52')).toBeNull();
    locateByIp.mockResolvedValue(KUNMING);
    expect(await locateVisitor('203.0.113.52')).toBeNull();
    vi.setSystemTime(Date.now() + LOCATION_FAILURE_MEMORY_MS + 1);
    expect(await locateVisitor('203.0.113.52')).toEqual(KUNMING);
    vi.setSystemTime(Date.now() + LOCATION_FAILURE_MEMORY_MS + 1);
    expect(await locateVisitor('203.0.113.52')).toEqual(KUNMING);
    expect(locateByIp).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + LOCATION_MEMORY_MS);
    await locateVisitor('203.0.113.52');
    expect(locateByIp).toHaveBeenCalledTimes(3);
  });
});
