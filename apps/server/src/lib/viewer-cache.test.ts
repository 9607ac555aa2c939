import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIKES_MEMO, ViewerCache, type AccountState } from './viewer-cache';

const state = (over: Partial<AccountState> = {}): AccountState => ({
  role: 'user',
  banned: false,
  deleted: false,
  tokenVersion: 0,
  termsAccepted: true,
  subscribedUntil: null,
  newestOwnPublishedAt: null,
  ...over,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ViewerCache', () => {
  it('reads an account once within its time, and again after it', async () => {
    vi.useFakeTimers({ now: 0 });
    const c = new ViewerCache(1000);
    const load = vi.fn(async () => state());
    await c.account('u', load);
    vi.setSystemTime(999);
    await c.account('u', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1000);
    await c.account('u', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep what a read begun before the account was forgotten returns (it may predate the change)', async () => {
    const c = new ViewerCache(1000);
    let finish!: (s: AccountState) => void;
    const slow = () => new Promise<AccountState>((r) => (finish = r));
    // A request on this instance starts reading the account; meanwhile another instance bans it
    // and the hub's word arrives here; then the read returns the row as it was before.
    const reading = c.account('u', slow);
    c.forget(['u']);
    finish(state({ banned: false, tokenVersion: 0 }));
    expect((await reading)?.banned).toBe(false);
    const load = vi.fn(async () => state({ banned: true, tokenVersion: 1 }));
    expect(await c.account('u', load)).toMatchObject({ banned: true, tokenVersion: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads an account again at once once forgotten, with what rode on it', async () => {
    const c = new ViewerCache(1000);
    let banned = false;
    const load = vi.fn(async () => state({ banned }));
    expect((await c.account('u', load))?.banned).toBe(false);
    const likes = vi.fn(async () => new Set(['p1']));
    await c.memo('u', 'likes', likes);
    await c.memo('u', 'likes', likes);
    expect(likes).toHaveBeenCalledTimes(1);
    banned = true;
    c.forget(['u']);
    expect((await c.account('u', load))?.banned).toBe(true);
    await c.memo('u', 'likes', likes);
    expect(likes).toHaveBeenCalledTimes(2);
  });

  it('forgets one memo of an account and keeps the account and its other memos', async () => {
    const c = new ViewerCache(1000);
    const load = vi.fn(async () => state());
    await c.account('u', load);
    const likes = vi.fn(async () => new Set(['p1']));
    const early = vi.fn(async () => ['card']);
    await c.memo('u', LIKES_MEMO, likes);
    await c.memo('u', 'own-early', early);
    c.forgetMemo(['u', 'unknown'], LIKES_MEMO);
    await c.account('u', load);
    await c.memo('u', LIKES_MEMO, likes);
    await c.memo('u', 'own-early', early);
    expect(load).toHaveBeenCalledTimes(1);
    expect(likes).toHaveBeenCalledTimes(2);
    expect(early).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing when its time is 0, and never keeps a missing account', async () => {
    const off = new ViewerCache(0);
    const load = vi.fn(async () => state());
    await off.account('u', load);
    await off.account('u', load);
    expect(load).toHaveBeenCalledTimes(2);
    off.rememberClaims('t', { userId: 'u', version: 0, expiresAt: Date.now() + 60_000 });
    expect(off.claims('t', Date.now())).toBeUndefined();

    const on = new ViewerCache(1000);
    const missing = vi.fn(async () => null);
    await on.account('gone', missing);
    await on.account('gone', missing);
    expect(missing).toHaveBeenCalledTimes(2);
  });

  it('forgets a verified token when it expires', () => {
    const c = new ViewerCache(1000);
    c.rememberClaims('t', { userId: 'u', version: 2, expiresAt: 5000 });
    expect(c.claims('t', 4999)?.version).toBe(2);
    expect(c.claims('t', 5000)).toBeUndefined();
    expect(c.claims('t', 1)).toBeUndefined();
  });

  it('drops the oldest account when full', async () => {
    const c = new ViewerCache(60_000, 2);
    const load = vi.fn(async () => state());
    await c.account('a', load);
    await c.account('b', load);
    await c.account('c', load);
    expect(load).toHaveBeenCalledTimes(3);
    await c.account('a', load);
    expect(load).toHaveBeenCalledTimes(4);
    await c.account('c', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not keep a failed memo', async () => {
    const c = new ViewerCache(1000);
    await c.account('u', async () => state());
    await expect(c.memo('u', 'likes', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await expect(c.memo('u', 'likes', async () => 'ok')).resolves.toBe('ok');
  });
});
