import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_TOKEN_MS, SESSION_IDLE_MS } from '@swapu/shared/constants';
import { forgetPointer, nextSessionStep, REFRESH_AHEAD_MS, REFRESH_RETRY_MS, startSessionLifecycle } from './session-lifecycle';
import { getSession, restoreSession, type Session } from './session';
import { saveGuestSession, saveSession } from './session-writes';

const MIN = 60_000;
const T0 = new Date('2026-03-01T10:00:00Z').getTime();
const grant = (n = 1) => ({ token: `access-${n}`, lifetimeMs: LOGIN_TOKEN_MS });
const tokenResponse = (n: number) => ({
  idToken: `access-${n}`,
  expiresIn: '3600',
  localId: 'u1',
  email: 'a@example.com',
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** Moves the fake clock and lets the refresh's promises settle. */
const advance = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
};

describe('nextSessionStep', () => {
  const plain: Session = { token: 't', userId: 'u1', expiration: T0 + LOGIN_TOKEN_MS, stayLoggedIn: false, autoLogout: null };

  it('has nothing to watch for a guest', () => {
    expect(nextSessionStep({ ...plain, token: null, userId: 'guest' }, T0, T0)).toEqual({ type: 'none' });
  });

  it('waits for the earlier of expiry and idleness', () => {
    expect(nextSessionStep(plain, T0, T0)).toEqual({ type: 'wait', until: T0 + SESSION_IDLE_MS });
    expect(nextSessionStep(plain, T0 + 45 * MIN, T0 + 45 * MIN)).toEqual({ type: 'wait', until: T0 + LOGIN_TOKEN_MS });
  });

  it('names the cause that came first when both have passed (a laptop lid closed for an hour)', () => {
    expect(nextSessionStep(plain, T0, T0 + 61 * MIN)).toEqual({ type: 'logout', reason: 'idle' });
    expect(nextSessionStep(plain, T0 + 50 * MIN, T0 + 61 * MIN)).toEqual({ type: 'logout', reason: 'expired' });
  });

  it('refreshes a stay-logged-in session shortly before expiry, and never ends it for idleness', () => {
    const stay = { ...plain, stayLoggedIn: true };
    expect(nextSessionStep(stay, T0, T0 + 40 * MIN)).toEqual({ type: 'wait', until: T0 + LOGIN_TOKEN_MS - REFRESH_AHEAD_MS });
    expect(nextSessionStep(stay, T0, T0 + 61 * MIN)).toEqual({ type: 'refresh' });
  });
});

describe('the session lifecycle', () => {
  let stop: () => void = () => {};
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    window.localStorage.clear();
    restoreSession();
    forgetPointer();
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('logs a plain session out at token expiry, with the reason, even while the person is active', async () => {
    saveSession('u1', grant());
    stop = startSessionLifecycle();
    for (let i = 0; i < 5; i++) {
      await advance(11 * MIN);
      window.dispatchEvent(new Event('pointerdown'));
    }
    expect(getSession().userId).toBe('u1'); // 55 minutes in, active
    await advance(5 * MIN);
    expect(getSession()).toMatchObject({ userId: 'guest', token: null, autoLogout: 'expired' });
    expect(window.localStorage.getItem('didAutoLogout')).toBe('expired');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs out after 30 minutes without activity, with the idle reason', async () => {
    saveSession('u1', grant());
    stop = startSessionLifecycle();
    await advance(SESSION_IDLE_MS - 1000);
    expect(getSession().userId).toBe('u1');
    await advance(1000);
    expect(getSession()).toMatchObject({ userId: 'guest', autoLogout: 'idle' });
    expect(window.localStorage.getItem('didAutoLogout')).toBe('idle');
  });

  it.each(['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'])('counts a %s as activity', async (type) => {
    saveSession('u1', grant());
    stop = startSessionLifecycle();
    window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, screenX: 10, screenY: 50 })); // where it rests
    await advance(20 * MIN);
    window.dispatchEvent(type === 'pointermove' ? new PointerEvent(type, { pointerId: 1, screenX: 14, screenY: 50 }) : new Event(type));
    await advance(20 * MIN);
    expect(getSession().userId).toBe('u1'); // 40 minutes in, 20 idle
  });

  it('does not count the page scrolling itself, or a pointer that did not move, as activity', async () => {
    saveSession('u1', grant());
    stop = startSessionLifecycle();
    const move = (x: number) => new PointerEvent('pointermove', { pointerId: 1, screenX: x, screenY: 50 });
    window.dispatchEvent(move(10)); // the person, at the start
    await advance(20 * MIN);
    window.dispatchEvent(new Event('scroll')); // scroll restoration, scrollIntoView
    window.dispatchEvent(move(10)); // content shifted under a resting pointer
    await advance(10 * MIN);
    expect(getSession()).toMatchObject({ userId: 'guest', autoLogout: 'idle' });
  });

  it('does not count the first pointermove it sees: a pointer resting where the person clicked on the page before', async () => {
    saveSession('u1', grant());
    stop = startSessionLifecycle(); // a new layout after sign-in starts a new watch
    await advance(29 * MIN);
    // The page changes under the resting pointer (a refetch): the browser sends a pointermove.
    window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, screenX: 300, screenY: 420 }));
    await advance(1 * MIN + 1000);
    expect(getSession()).toMatchObject({ userId: 'guest', autoLogout: 'idle' });
  });

  it('counts the second pointermove when the pointer moved', async () => {
    saveSession('u1', grant());
    stop = startSessionLifecycle();
    await advance(29 * MIN);
    window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, screenX: 300, screenY: 420 }));
    window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, screenX: 305, screenY: 421 }));
    await advance(20 * MIN);
    expect(getSession().userId).toBe('u1');
  });

  it('does not count a resting pointer reported again, rounded to whole pixels, by a later watch of the same page', async () => {
    saveSession('u1', grant());
    stop = startSessionLifecycle(); // the sign-up screen's layout
    // The person moves to the button and presses it: a pointer at fractions of a pixel.
    window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, screenX: 640.5, screenY: 412.25 }));
    window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, screenX: 646.5, screenY: 418.25 }));
    window.dispatchEvent(new PointerEvent('pointerdown', { pointerId: 1, screenX: 646.5, screenY: 418.25 }));
    stop();
    stop = startSessionLifecycle(); // sign-up lands on another layout: a new watch
    await advance(29 * MIN);
    // Data refetched under the resting pointer: the browser reports where it rests, in whole pixels, twice.
    window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, screenX: 646, screenY: 418 }));
    window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, screenX: 647, screenY: 418 }));
    await advance(1 * MIN + 1000);
    expect(getSession()).toMatchObject({ userId: 'guest', autoLogout: 'idle' });
  });

  it('counts a pointer that crept a pixel at a time once it has moved a few pixels in all', async () => {
    saveSession('u1', grant());
    stop = startSessionLifecycle();
    await advance(29 * MIN);
    for (let x = 100; x <= 104; x++) window.dispatchEvent(new PointerEvent('pointermove', { pointerId: 1, screenX: x, screenY: 50 }));
    await advance(20 * MIN);
    expect(getSession().userId).toBe('u1');
  });

  it('takes activity in another tab into account', async () => {
    saveSession('u1', grant());
    stop = startSessionLifecycle();
    await advance(25 * MIN);
    window.localStorage.setItem('lastActivity', String(Date.now())); // the other tab is busy
    await advance(10 * MIN);
    expect(getSession().userId).toBe('u1');
  });

  it('refreshes a stay-logged-in token silently before it expires and stores the new one', async () => {
    fetchMock.mockResolvedValueOnce(json(200, tokenResponse(2)));
    saveSession('u1', grant(), true);
    stop = startSessionLifecycle();
    await advance(LOGIN_TOKEN_MS - REFRESH_AHEAD_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/identity/v1/token');
    // The refresh token travels in the HttpOnly cookie only: the page sends none.
    expect(JSON.parse(String(init?.body))).toEqual({});
    expect(init?.credentials ?? 'same-origin').toBe('same-origin');
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access-2', autoLogout: null });
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('access-2');
    expect(Number(window.localStorage.getItem('expiration'))).toBe(Date.now() + 3600 * 1000);
  });

  it('keeps a stay-logged-in session across many hours without activity', async () => {
    let n = 1;
    fetchMock.mockImplementation(async () => json(200, tokenResponse(++n)));
    saveSession('u1', grant(), true);
    stop = startSessionLifecycle();
    await advance(3 * LOGIN_TOKEN_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access-4' });
  });

  it('refreshes at once when the timer fires late, after the token lapsed (a sleeping laptop)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, tokenResponse(2)));
    saveSession('u1', grant(), true);
    stop = startSessionLifecycle();
    vi.setSystemTime(Date.now() + 61 * MIN); // the clock jumps; no timer ran meanwhile
    document.dispatchEvent(new Event('visibilitychange'));
    await advance(0);
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access-2' });
  });

  it('renews at once a stay-logged-in session restored after its token lapsed (the browser was closed for a day)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, tokenResponse(2)));
    saveSession('u1', grant(), true);
    vi.setSystemTime(Date.now() + 24 * LOGIN_TOKEN_MS);
    restoreSession(); // the page is loaded again
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access-1' });
    stop = startSessionLifecycle();
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/identity/v1/token');
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access-2', autoLogout: null });
    expect(Number(window.localStorage.getItem('expiration'))).toBe(Date.now() + 3600 * 1000);
  });

  it('ends the session, saying it was ended, when the refresh cookie was revoked (signed out everywhere, a new password, a ban)', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: { code: 400, message: 'INVALID_REFRESH_TOKEN' } }));
    saveSession('u1', grant(), true);
    stop = startSessionLifecycle();
    await advance(LOGIN_TOKEN_MS - REFRESH_AHEAD_MS);
    expect(getSession()).toMatchObject({ userId: 'guest', autoLogout: 'ended' });
  });

  it('logs out with the expiry reason when the refresh cookie itself has expired (30 days)', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: { code: 400, message: 'TOKEN_EXPIRED' } }));
    saveSession('u1', grant(), true);
    stop = startSessionLifecycle();
    await advance(LOGIN_TOKEN_MS - REFRESH_AHEAD_MS);
    expect(getSession()).toMatchObject({ userId: 'guest', autoLogout: 'expired' });
  });

  it('retries a refresh that failed for a passing reason', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(json(200, tokenResponse(2)));
    saveSession('u1', grant(), true);
    stop = startSessionLifecycle();
    await advance(LOGIN_TOKEN_MS - REFRESH_AHEAD_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession().token).toBe('access-1');
    await advance(REFRESH_RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getSession().token).toBe('access-2');
  });

  it('takes a token another tab already rotated instead of spending the old one again', async () => {
    saveSession('u1', grant(), true);
    stop = startSessionLifecycle();
    await advance(50 * MIN);
    // Another tab refreshed first: storage holds the next token.
    window.localStorage.setItem('token', 'access-9');
    window.localStorage.setItem('expiration', String(Date.now() + LOGIN_TOKEN_MS));
    await advance(10 * MIN);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access-9' });
  });

  it('moves a session stored before the cookie into the cookie with its old refresh token, once', async () => {
    fetchMock.mockResolvedValueOnce(json(200, tokenResponse(2)));
    saveSession('u1', grant(), true);
    window.localStorage.setItem('refreshToken', 'legacy-refresh');
    stop = startSessionLifecycle();
    await advance(LOGIN_TOKEN_MS - REFRESH_AHEAD_MS);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ refreshToken: 'legacy-refresh', sessionCookie: true });
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(getSession().token).toBe('access-2');
  });

  it('does nothing for a guest login', async () => {
    saveGuestSession();
    stop = startSessionLifecycle();
    await advance(2 * LOGIN_TOKEN_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession().autoLogout).toBeNull();
  });
});

describe('stopping the lifecycle', () => {
  it('leaves no timer behind, even when a refresh was in flight', async () => {
    vi.useFakeTimers({ now: T0 });
    window.localStorage.clear();
    restoreSession();
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    saveSession('u1', grant(), true);
    const stop = startSessionLifecycle();
    await vi.advanceTimersByTimeAsync(LOGIN_TOKEN_MS - REFRESH_AHEAD_MS);
    stop();
    answer(json(200, tokenResponse(2)));
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
