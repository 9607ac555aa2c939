import { beforeEach, describe, expect, it } from 'vitest';
import { getSession, isGuest } from './session';

describe('stored session', () => {
  beforeEach(() => window.localStorage.clear());

  it('is a guest when nothing is stored', () => {
    expect(getSession()).toEqual({ token: null, userId: 'guest', expiration: null });
    expect(isGuest()).toBe(true);
  });

  it('is a guest when the stored user id is guest', () => {
    window.localStorage.setItem('userId', 'guest');
    window.localStorage.setItem('expiration', String(Date.now() + 60_000));
    expect(isGuest()).toBe(true);
  });

  it('ignores an expired stored token on restore', () => {
    window.localStorage.setItem('token', 'abc');
    window.localStorage.setItem('userId', 'u1');
    window.localStorage.setItem('expiration', String(Date.now() - 1));
    expect(getSession().userId).toBe('guest');
  });

  it('restores a valid session', () => {
    window.localStorage.setItem('token', 'abc');
    window.localStorage.setItem('userId', 'u1');
    window.localStorage.setItem('expiration', String(Date.now() + 60_000));
    expect(getSession()).toMatchObject({ token: 'abc', userId: 'u1' });
    expect(isGuest()).toBe(false);
  });
});
