import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api()', () => {
  it('resolves a 204 with undefined and a 200 with its JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(api('/api/v1/me', { method: 'DELETE' })).resolves.toBeUndefined();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ ok: 1 })));
    await expect(api('/x')).resolves.toEqual({ ok: 1 });
  });

  it('turns an error body into an ApiError with the catalogue code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'password_incorrect', message: 'That password is not correct.' } }, { status: 400 })),
    );
    const err = await api('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'password_incorrect', message: 'That password is not correct.' });
  });

  it('reports a network failure as the generic error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await expect(api('/x')).rejects.toMatchObject({ status: 0, code: 'generic', message: 'An error occurred' });
  });
});
