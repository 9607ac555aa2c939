import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The 'busy, trying again' notice: each show or hide of it, in order.
const notices = vi.hoisted(() => [] as Array<boolean | string>);
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: (n: { message: string }) => notices.push(n.message),
    hide: () => notices.push(false),
  },
}));
import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { endpoints } from '@swapu/shared/endpoints';
import { ApiError, busyText, call, errorCodeOf, pathOf } from './api';
import { BUSY_RETRIES, busyDelay } from './busy-retry';
import { getSession, restoreSession } from './session';
import { saveSession, updateTokens } from './session-writes';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('call()', () => {
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
    await expect(call(endpoints.deleteMe, { body: { password: 'pw' } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/me');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'DELETE', body: '{"password":"pw"}' });
    fetchMock.mockResolvedValueOnce(Response.json({ ok: 1 }));
    await expect(call(endpoints.activity)).resolves.toEqual({ ok: 1 });
  });

  it('turns an error body into an ApiError with the catalogue code', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: { code: 'password_incorrect', message: 'That password is not correct.' } }, { status: 400 }),
    );
    const err = await call(endpoints.activity).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'password_incorrect', message: 'That password is not correct.' });
  });

  it('reports a network failure as the generic error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(call(endpoints.activity)).rejects.toMatchObject({ status: 0, code: 'generic', message: 'An error occurred' });
  });

  it('sends the token and turns a catalogue error into an ApiError', async () => {
    saveSession('u1', { token: 'access-1', lifetimeMs: LOGIN_TOKEN_MS });
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'permission_denied', message: 'Permission Denied' } }));
    const err = await call(adminEndpoints.adminMailList).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, code: 'permission_denied' });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBe('Bearer access-1');
    expect(getSession().userId).toBe('u1');
  });

  it('ends the session here, with the reason, when the server no longer honours its token (banned, reset)', async () => {
    saveSession('u1', { token: 'access-1', lifetimeMs: LOGIN_TOKEN_MS });
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'login_required', message: 'You need to be logged in to use this' } }));
    await expect(call(endpoints.sendMessage, { params: { id: 'r1' }, body: { body: 'hi' } })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ userId: 'guest', token: null, autoLogout: 'ended' });
  });

  it('leaves a session whose token has lapsed to the lifecycle (a stay-logged-in laptop waking up refreshes)', async () => {
    saveSession('u1', { token: 'access-1', lifetimeMs: 30_000 }, true);
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'login_required', message: 'x' } }));
    await expect(call(endpoints.me)).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access-1', autoLogout: null });
  });

  it('never sends a lapsed stay-logged-in token: the request waits for the renewed one', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z'), toFake: ['Date'] });
    try {
      saveSession('u1', { token: 'access-1', lifetimeMs: LOGIN_TOKEN_MS }, true);
      vi.setSystemTime(Date.now() + LOGIN_TOKEN_MS + 1);
      restoreSession(); // the page loaded again after the browser was closed for longer than the token lasts
      fetchMock.mockResolvedValueOnce(Response.json({ ok: 1 }));
      const pending = call(endpoints.activity);
      await Promise.resolve();
      expect(fetchMock).not.toHaveBeenCalled();
      updateTokens({ token: 'access-2', lifetimeMs: LOGIN_TOKEN_MS });
      await expect(pending).resolves.toEqual({ ok: 1 });
      expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBe('Bearer access-2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a guest alone on a 401', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'login_required', message: 'x' } }));
    await expect(call(endpoints.me)).rejects.toMatchObject({ status: 401 });
    expect(getSession().autoLogout).toBeNull();
  });

  it('builds the path from the pattern: params encoded, empty query values left out', async () => {
    expect(pathOf(endpoints.deletePostImage, { params: { id: 'a/b', imageId: 'x y' } })).toBe('/api/v1/posts/a%2Fb/images/x%20y');
    expect(pathOf(endpoints.offers, { query: { box: 'sent', status: undefined } })).toBe('/api/v1/offers?box=sent');
    expect(pathOf(endpoints.messages, { params: { id: 'r1' }, query: { before: 40 } })).toBe('/api/v1/rooms/r1/messages?before=40');
    fetchMock.mockResolvedValueOnce(Response.json({ id: 'o1' }));
    await call(endpoints.offerTransition, { params: { id: 'o1' }, body: { transition: 'accept' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/offers/o1/transitions');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('refuses, when type-checked, a call without the params or with a body of another shape', () => {
    // @ts-expect-error a pattern with :id needs its params (and at run time the path cannot be built)
    expect(() => pathOf(endpoints.post)).toThrow('/api/v1/posts/:id: no value for :id');
    // @ts-expect-error the body must have the shape the table gives (an offer's terms)
    const wrongBody = () => call(endpoints.createOffer, { body: { nope: 1 } });
    expect(typeof wrongBody).toBe('function');
  });
});

describe('errorCodeOf()', () => {
  it("is an API error's own catalogue code", () => {
    expect(errorCodeOf(new ApiError(401, 'auth_failed', 'wrong password'))).toBe('auth_failed');
  });

  it('is generic for anything else (a network failure, a bug, a thrown string)', () => {
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBe('generic');
    expect(errorCodeOf('boom')).toBe('generic');
    expect(errorCodeOf(undefined)).toBe('generic');
  });
});

describe('call() and a busy server (503)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const busy = (retryAfter = '2') =>
    new Response(JSON.stringify({ error: { code: 'busy', message: 'SwapU is very busy right now.' } }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
    });
  beforeEach(() => {
    window.localStorage.clear();
    restoreSession();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    notices.length = 0;
    busyText.get = () => 'Busy, trying again';
    vi.useFakeTimers();
    // Jitter at its largest: every wait is 1.5 × its base.
    vi.spyOn(Math, 'random').mockReturnValue(1);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('tries a read again after the Retry-After, saying so while it waits, and resolves with the answer', async () => {
    fetchMock.mockResolvedValueOnce(busy('2')).mockResolvedValueOnce(Response.json({ ok: 1 }));
    const answer = call(endpoints.activity);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notices).toEqual(['Busy, trying again']);
    // Retry-After 2 s, jittered up to 3 s: not before.
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(notices).toEqual(['Busy, trying again', false]);
  });

  it('backs off, doubling the wait, and gives up after BUSY_RETRIES with the busy error', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(busy('1')));
    const answer = call(endpoints.activity).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const err = await answer;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'busy' });
    expect(fetchMock).toHaveBeenCalledTimes(1 + BUSY_RETRIES);
    expect(notices).toEqual(['Busy, trying again', false]);
    // The waits: at least Retry-After, doubling from 1 s, jittered, capped.
    expect([0, 1, 2, 3].map((n) => busyDelay(n, '1', () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(busyDelay(0, '5', () => 0)).toBe(5000);
    expect(busyDelay(0, '5', () => 1)).toBe(7500);
    expect(busyDelay(0, 'Wed, 21 Oct 2015 07:28:00 GMT', () => 0)).toBe(1000);
    expect(busyDelay(10, '1', () => 1)).toBe(20_000);
  });

  it('never repeats a write: its busy error reaches the form at once', async () => {
    fetchMock.mockResolvedValueOnce(busy());
    await expect(call(endpoints.deleteMe, { body: { password: 'pw' } })).rejects.toMatchObject({ status: 503, code: 'busy' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([]);
  });

  it('stops waiting when the read is cancelled', async () => {
    fetchMock.mockResolvedValue(busy('10'));
    const controller = new AbortController();
    const answer = call(endpoints.activity, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect(await answer).toBeInstanceOf(ApiError);
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notices).toEqual(['Busy, trying again', false]);
  });
});
