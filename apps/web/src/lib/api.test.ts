import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { api, ApiError } from './api';
import { getSession, restoreSession, saveSession } from './session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api()', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    window.localStorage.clear();
    restoreSession();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('resolves a 204 with undefined and a 200 with its JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api('/api/v1/me', { method: 'DELETE' })).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(Response.json({ ok: 1 }));
    await expect(api('/x')).resolves.toEqual({ ok: 1 });
  });

  it('turns an error body into an ApiError with the catalogue code', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: { code: 'password_incorrect', message: 'That password is not correct.' } }, { status: 400 }),
    );
    const err = await api('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'password_incorrect', message: 'That password is not correct.' });
  });

  it('reports a network failure as the generic error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(api('/x')).rejects.toMatchObject({ status: 0, code: 'generic', message: 'An error occurred' });
  });

  it('sends the token and turns a catalogue error into an ApiError', async () => {
    saveSession('u1', { token: 'access-1', lifetimeMs: LOGIN_TOKEN_MS });
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'permission_denied', message: 'Permission Denied' } }));
    const err = await api('/api/v1/admin/mail').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, code: 'permission_denied' });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBe('Bearer access-1');
    expect(getSession().userId).toBe('u1');
  });

  it('ends the session here, with the reason, when the server no longer honours its token (banned, reset)', async () => {
    saveSession('u1', { token: 'access-1', lifetimeMs: LOGIN_TOKEN_MS });
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'login_required', message: 'You need to be logged in to use this' } }));
    await expect(api('/api/v1/rooms/r1/messages', { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ userId: 'guest', token: null, autoLogout: 'ended' });
  });

  it('leaves a session whose token has lapsed to the lifecycle (a stay-logged-in laptop waking up refreshes)', async () => {
    saveSession('u1', { token: 'access-1', lifetimeMs: 30_000 }, true);
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'login_required', message: 'x' } }));
    await expect(api('/api/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access-1', autoLogout: null });
  });

  it('leaves a guest alone on a 401', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'login_required', message: 'x' } }));
    await expect(api('/api/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(getSession().autoLogout).toBeNull();
  });
});
