import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/instance';
import { ChunkLoadError, withChunkTimeout, withNamespaces } from './lazy-page';

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

describe('withNamespaces', () => {
  it('asks for the catalogues at the same time as the code, and settles once both are in', async () => {
    const spy = vi.spyOn(i18n, 'loadNamespaces');
    let code!: (m: string) => void;
    let settled = false;
    const load = withNamespaces(() => new Promise<string>((resolve) => (code = resolve)), ['carbon', 'faq']);
    const done = load().then((m) => {
      settled = true;
      return m;
    });
    // The code has not arrived, and the catalogues were asked for already.
    expect(spy).toHaveBeenCalledWith(['carbon', 'faq']);
    code('the page module');
    expect(await done).toBe('the page module');
    expect(settled).toBe(true);
    expect(i18n.hasLoadedNamespace('carbon') && i18n.hasLoadedNamespace('faq')).toBe(true);
    spy.mockRestore();
  });

  it('does not fail the code when a catalogue cannot load, and adds nothing without a list', async () => {
    const spy = vi.spyOn(i18n, 'loadNamespaces').mockRejectedValueOnce(new Error('offline'));
    expect(await withNamespaces(() => Promise.resolve('page'), ['legal'])()).toBe('page');
    const plain = () => Promise.resolve('x');
    expect(withNamespaces(plain, undefined)).toBe(plain);
    expect(withNamespaces(plain, [])).toBe(plain);
    spy.mockRestore();
  });
});
