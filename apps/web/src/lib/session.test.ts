import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { clearSession, freshToken, getSession, isRenewing, RENEW_WAIT_MS, restoreSession, subscribeSession } from './session';
import { dismissAutoLogout, saveGuestSession, saveSession, updateTokens } from './session-writes';

const store = (entries: Record<string, string>) => {
  for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
  restoreSession();
};
const grant = { token: 'access-1', lifetimeMs: LOGIN_TOKEN_MS };

describe('the stored session', () => {
  beforeEach(() => {
    window.localStorage.clear();
    restoreSession();
  });
  afterEach(() => vi.useRealTimers());

  it('is a guest when nothing is stored', () => {
    expect(getSession()).toMatchObject({ token: null, userId: 'guest', expiration: null, autoLogout: null });
    expect(getSession().userId === 'guest').toBe(true);
  });

  it('restores a stored session whose token has not expired', () => {
    store({ token: 'abc', userId: 'u1', expiration: String(Date.now() + 60_000), stayLoggedin: 'true' });
    expect(getSession()).toMatchObject({ token: 'abc', userId: 'u1', stayLoggedIn: true });
    expect(getSession().userId === 'guest').toBe(false);
  });

  it('ignores a stored plain session whose token has already expired', () => {
    store({ token: 'abc', userId: 'u1', expiration: String(Date.now() - 1), stayLoggedin: 'false' });
    expect(getSession()).toMatchObject({ token: null, userId: 'guest' });
  });

  it('restores a stay-logged-in session whose token expired as that person, to be renewed before the token is used', () => {
    store({ token: 'abc', userId: 'u1', expiration: String(Date.now() - 1), stayLoggedin: 'true' });
    expect(getSession()).toMatchObject({ token: 'abc', userId: 'u1', stayLoggedIn: true });
    expect(getSession().userId === 'guest').toBe(false);
    expect(isRenewing(getSession())).toBe(true);
  });

  it('hands a request the token at once while it is valid, never a lapsed stay-logged-in one', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    saveSession('u1', grant, true);
    await expect(freshToken()).resolves.toBe('access-1');
    vi.setSystemTime(Date.now() + LOGIN_TOKEN_MS);
    expect(isRenewing(getSession())).toBe(true);
    // Renewed while the request waits: it goes with the new token.
    const waiting = freshToken();
    updateTokens({ token: 'access-2', lifetimeMs: LOGIN_TOKEN_MS });
    await expect(waiting).resolves.toBe('access-2');
    // Ended while it waits (the refresh cookie was refused): it goes without one.
    vi.setSystemTime(Date.now() + LOGIN_TOKEN_MS);
    const ended = freshToken();
    clearSession('ended');
    await expect(ended).resolves.toBeNull();
  });

  it('sends a request without the lapsed token when no renewal comes in time (offline)', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    saveSession('u1', grant, true);
    vi.setSystemTime(Date.now() + LOGIN_TOKEN_MS + 1);
    const waiting = freshToken();
    vi.advanceTimersByTime(RENEW_WAIT_MS);
    await expect(waiting).resolves.toBeNull();
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access-1' });
  });

  it('ignores a token stored without an expiration', () => {
    store({ token: 'abc', userId: 'u1' });
    expect(getSession().userId === 'guest').toBe(true);
  });

  it('keeps a guest login for an hour, then forgets it', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    saveGuestSession();
    expect(window.localStorage.getItem('userId')).toBe('guest');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(Number(window.localStorage.getItem('expiration'))).toBe(Date.now() + LOGIN_TOKEN_MS);
    expect(getSession()).toMatchObject({ userId: 'guest', token: null, expiration: Date.now() + LOGIN_TOKEN_MS });

    vi.setSystemTime(Date.now() + LOGIN_TOKEN_MS - 1);
    restoreSession();
    expect(getSession().expiration).not.toBeNull();
    vi.setSystemTime(Date.now() + 1);
    restoreSession();
    expect(getSession()).toMatchObject({ userId: 'guest', expiration: null });
  });

  it('stores a login under the spec keys with its lifetime, and clears an earlier auto-logout notice', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    window.localStorage.setItem('didAutoLogout', 'idle');
    window.localStorage.setItem('refreshToken', 'from-before-the-cookie');
    window.localStorage.setItem('skipTour', 'true');
    saveSession('u1', grant, true);
    expect(
      Object.fromEntries(
        ['token', 'userId', 'expiration', 'refreshToken', 'stayLoggedin', 'didAutoLogout', 'skipTour'].map((k) => [
          k,
          window.localStorage.getItem(k),
        ]),
      ),
    ).toEqual({
      token: 'access-1',
      userId: 'u1',
      expiration: String(Date.now() + LOGIN_TOKEN_MS),
      // The refresh token lives in the server's HttpOnly cookie; an old stored one is removed.
      refreshToken: null,
      stayLoggedin: 'true',
      didAutoLogout: null,
      skipTour: 'true',
    });
    expect(getSession()).toMatchObject({ token: 'access-1', userId: 'u1', stayLoggedIn: true, autoLogout: null });
  });

  it('replaces the token and expiration on a refresh, keeping the person', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    saveSession('u1', grant, true);
    vi.advanceTimersByTime(55 * 60_000);
    updateTokens({ token: 'access-2', lifetimeMs: 3_600_000 });
    expect(getSession()).toMatchObject({ token: 'access-2', userId: 'u1', stayLoggedIn: true });
    expect(window.localStorage.getItem('expiration')).toBe(String(Date.now() + 3_600_000));
  });

  it('an automatic logout clears the session and stores its reason in didAutoLogout', () => {
    saveSession('u1', grant);
    clearSession('expired');
    expect(window.localStorage.getItem('didAutoLogout')).toBe('expired');
    for (const k of ['token', 'userId', 'expiration', 'refreshToken', 'stayLoggedin']) expect(window.localStorage.getItem(k)).toBeNull();
    expect(getSession()).toMatchObject({ userId: 'guest', token: null, autoLogout: 'expired' });
    // Still known after a reload, until dismissed.
    restoreSession();
    expect(getSession().autoLogout).toBe('expired');
    dismissAutoLogout();
    expect(window.localStorage.getItem('didAutoLogout')).toBeNull();
    expect(getSession().autoLogout).toBeNull();
  });

  it('keeps the page cookie for member pages in step with the session: written on login and refresh, gone on logout', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const writes: string[] = [];
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => void writes.push(v));
    try {
      saveSession('u1', grant);
      expect(writes.at(-1)).toBe('swapu_page=access-1; path=/user-detail; max-age=3600; samesite=lax');
      vi.advanceTimersByTime(50 * 60_000);
      updateTokens({ token: 'access/2', lifetimeMs: 3_600_000 });
      expect(writes.at(-1)).toBe('swapu_page=access%2F2; path=/user-detail; max-age=3600; samesite=lax');
      const count = writes.length;
      restoreSession(); // the same session read again: nothing to write
      expect(writes).toHaveLength(count);
      // A stay-logged-in session renewed after its token (and so the cookie, by its max-age) lapsed.
      saveSession('u1', grant, true);
      vi.advanceTimersByTime(LOGIN_TOKEN_MS);
      restoreSession();
      updateTokens({ token: 'access-3', lifetimeMs: 3_600_000 });
      expect(writes.at(-1)).toBe('swapu_page=access-3; path=/user-detail; max-age=3600; samesite=lax');
      clearSession();
      expect(writes.at(-1)).toBe('swapu_page=; path=/user-detail; max-age=0; samesite=lax');
      saveGuestSession();
      expect(writes.at(-1)).toBe('swapu_page=; path=/user-detail; max-age=0; samesite=lax');
    } finally {
      spy.mockRestore();
    }
  });

  it('a manual logout leaves no auto-logout notice', () => {
    saveSession('u1', grant);
    clearSession();
    expect(window.localStorage.getItem('didAutoLogout')).toBeNull();
    expect(getSession().autoLogout).toBeNull();
  });

  it('tells subscribers about changes, and only about real ones', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveSession('u1', grant);
    expect(listener).toHaveBeenCalledTimes(1);
    const before = getSession();
    restoreSession();
    expect(getSession()).toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);
    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('follows a logout in another tab through the storage event', () => {
    vi.useFakeTimers();
    saveSession('u1', grant);
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    // Another tab logs out: its writes land in storage, then the event arrives here.
    window.localStorage.removeItem('token');
    window.localStorage.removeItem('userId');
    window.dispatchEvent(new StorageEvent('storage', { key: 'userId' }));
    vi.advanceTimersByTime(50);
    expect(getSession().userId === 'guest').toBe(true);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });
});
