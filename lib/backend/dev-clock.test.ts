/**
 * DEV_CLOCK (lib/backend/dev-clock.ts): the backend's one clock started at a chosen instant for a browser
 * journey, and only where the development aids are on.
 */
import { describe, expect, it } from 'vitest';
import { clockFromEnv } from './dev-clock';

describe('DEV_CLOCK', () => {
  const real = { t: Date.parse('2026-11-25T20:30:00Z') };
  const realNow = () => real.t;

  it('starts the clock at the instant and runs on at the real pace', () => {
    real.t = Date.parse('2026-11-25T20:30:00Z');
    const now = clockFromEnv({ NODE_ENV: 'production', DEV_AIDS: '1', DEV_CLOCK: '2026-11-26T23:57:00+08:00' }, realNow);
    expect(now().toISOString()).toBe('2026-11-26T15:57:00.000Z');
    real.t += 5 * 60_000;
    // Five real minutes later the China date has turned.
    expect(now().toISOString()).toBe('2026-11-26T16:02:00.000Z');
  });

  it('is the real clock without it, and under next start without DEV_AIDS=1 whatever it says', () => {
    real.t = Date.parse('2026-11-25T20:30:00Z');
    expect(clockFromEnv({ NODE_ENV: 'production' }, realNow)().getTime()).toBe(real.t);
    expect(clockFromEnv({ NODE_ENV: 'production', DEV_CLOCK: '2026-11-26T15:57:00Z' }, realNow)().getTime()).toBe(real.t);
    expect(clockFromEnv({ NODE_ENV: 'test', DEV_AIDS: '0', DEV_CLOCK: '2026-11-26T15:57:00Z' }, realNow)().getTime()).toBe(real.t);
    expect(clockFromEnv({ NODE_ENV: 'test', DEV_CLOCK: '2026-11-26T15:57:00Z' }, realNow)().toISOString()).toBe('2026-11-26T15:57:00.000Z');
  });

  it('refuses an instant without its zone or one that is not a time, rather than guess', () => {
    for (const value of ['2026-11-26T23:57:00', '2026-11-26', 'tomorrow', '2026-13-40T00:00:00Z']) {
      expect(() => clockFromEnv({ NODE_ENV: 'test', DEV_CLOCK: value }, realNow), value).toThrow(/DEV_CLOCK=.* is not an ISO 8601 instant/);
    }
  });
});
