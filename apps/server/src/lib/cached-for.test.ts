import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedFor } from './cached-for';

const TTL = 60_000;
const START = new Date('2026-03-01T10:00:00.000Z');

/** A load whose calls are counted and each resolved (or rejected) by the test. */
function controlledLoad() {
  const calls: { resolve: (v: { at: number; n: number }) => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<{ at: number; n: number }>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  const finish = (i: number) => calls[i]!.resolve({ at: Date.now(), n: i });
  return { load, calls, finish };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('cachedFor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes the first callers wait for one shared load', async () => {
    const cache = new WeakMap<object, Promise<{ at: number; n: number }>>();
    const key = {};
    const { load, finish } = controlledLoad();
    const a = cachedFor(cache, key, TTL, load);
    const b = cachedFor(cache, key, TTL, load);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    finish(0);
    expect((await a).n).toBe(0);
    expect((await b).n).toBe(0);
  });

  it('serves the old value while one reload runs, then the reloaded one', async () => {
    const cache = new WeakMap<object, Promise<{ at: number; n: number }>>();
    const key = {};
    const { load, finish } = controlledLoad();
    const first = cachedFor(cache, key, TTL, load);
    finish(0);
    await first;
    vi.setSystemTime(START.getTime() + TTL + 1);
    // Expired: answered at once with the old value, and a single reload starts.
    expect((await cachedFor(cache, key, TTL, load)).n).toBe(0);
    expect((await cachedFor(cache, key, TTL, load)).n).toBe(0);
    expect(load).toHaveBeenCalledTimes(2);
    finish(1);
    await flush();
    expect((await cachedFor(cache, key, TTL, load)).n).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the old value when a reload fails, and tries again on the next call', async () => {
    const cache = new WeakMap<object, Promise<{ at: number; n: number }>>();
    const key = {};
    const { load, calls, finish } = controlledLoad();
    const first = cachedFor(cache, key, TTL, load);
    finish(0);
    await first;
    vi.setSystemTime(START.getTime() + TTL + 1);
    expect((await cachedFor(cache, key, TTL, load)).n).toBe(0);
    calls[1]!.reject(new Error('database away'));
    await flush();
    expect((await cachedFor(cache, key, TTL, load)).n).toBe(0);
    expect(load).toHaveBeenCalledTimes(3);
    finish(2);
    await flush();
    expect((await cachedFor(cache, key, TTL, load)).n).toBe(2);
  });

  it('does not bring back a value dropped while it was reloading', async () => {
    const cache = new WeakMap<object, Promise<{ at: number; n: number }>>();
    const key = {};
    const { load, finish } = controlledLoad();
    const first = cachedFor(cache, key, TTL, load);
    finish(0);
    await first;
    vi.setSystemTime(START.getTime() + TTL + 1);
    await cachedFor(cache, key, TTL, load);
    cache.delete(key);
    finish(1);
    await flush();
    expect(cache.has(key)).toBe(false);
  });

  it('does not keep a failed first load', async () => {
    const cache = new WeakMap<object, Promise<{ at: number; n: number }>>();
    const key = {};
    const { load, calls } = controlledLoad();
    const first = cachedFor(cache, key, TTL, load);
    await flush();
    calls[0]!.reject(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    await flush();
    expect(cache.has(key)).toBe(false);
  });
});
