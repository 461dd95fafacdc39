import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDeadline, withinDeadline } from './deadline';

afterEach(() => vi.useRealTimers());

describe('withDeadline', () => {
  it('aborts the work with a TimeoutError when the time runs out, as AbortSignal.timeout does', async () => {
    vi.useFakeTimers();
    const outcome = withDeadline(8_000, (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))));
    const caught = outcome.catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(8_000);
    const err = (await caught) as DOMException;
    expect(err.name).toBe('TimeoutError');
  });

  it('leaves no timer behind once the work has ended, whether it answered or failed', async () => {
    vi.useFakeTimers();
    expect(await withDeadline(8_000, async () => 'answered')).toBe('answered');
    expect(vi.getTimerCount()).toBe(0);
    await expect(withDeadline(8_000, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is the only deadline of the server code: no AbortSignal.timeout left in lib/, app/, components/ or proxy.ts', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && fs.readFileSync(file, 'utf8').includes('AbortSignal.timeout(')) found.push(file);
      }
    };
    for (const dir of ['lib', 'app', 'components']) walk(dir);
    if (fs.readFileSync('proxy.ts', 'utf8').includes('AbortSignal.timeout(')) found.push('proxy.ts');
    expect(found).toEqual([]);
  });
});

describe('withinDeadline (work that takes no signal: an in-process call of the embedded backend, a readiness check)', () => {
  it('fails with a TimeoutError when the work has not answered in time', async () => {
    vi.useFakeTimers();
    const caught = withinDeadline(8_000, new Promise(() => {})).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(((await caught) as DOMException).name).toBe('TimeoutError');
  });

  it('answers as the work does, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    expect(await withinDeadline(8_000, Promise.resolve('answered'))).toBe('answered');
    expect(vi.getTimerCount()).toBe(0);
    await expect(withinDeadline(8_000, Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(vi.getTimerCount()).toBe(0);
  });
});
