import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withChunkTimeout } from './lazy-page';

describe('withChunkTimeout', () => {
  it('turns a failed chunk load into a ChunkLoadError with the request address', async () => {
    const err = await withChunkTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/faq-1.js')),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).request).toBe('http://x/assets/faq-1.js');
  });

  it('gives up after the 120 s chunk timeout', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(ChunkLoadError);
    vi.useRealTimers();
  });

  it('passes a module through when it loads in time', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
