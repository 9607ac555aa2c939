import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { totpCode } from './two-factor';
import { FIREBASE_IDENTITY_PREFIX } from './firebase.routes';
import { SIGN_IN_LIMITS } from './sign-in-limits';

/**
 * The sign-in lockout (issue 36): failures count per account and address, so a stranger's wrong
 * passwords do not lock the owner out, and successes never count, so a shared address (a school,
 * an office, a carrier) is not refused for signing many people in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const uniqueEmail = () => `lockout${++n}-${Date.now()}@example.com`;
const signInAt = (ip: string, payload: Record<string, unknown>, url = '/identity/v1/accounts:signInWithPassword') =>
  t.app.inject({ method: 'POST', url, payload: { returnSecureToken: true, ...payload }, remoteAddress: ip });
const messageOf = (res: { json: () => { error?: { message?: string } } }) => res.json().error?.message;
const member = () => signUpMember(t.app, { password: 'secret1' });
const right = (m: TestMember) => ({ email: m.email, password: 'secret1' });
const wrong = (m: TestMember, i = 0) => ({ email: m.email, password: `wrong-guess-${i}` });
const { perAccountAndIp, perIp, perAccount } = SIGN_IN_LIMITS;

describe('an attacker’s failures', () => {
  it('50 wrong passwords from one address do not stop the owner signing in from another', async () => {
    const owner = await member();
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(messageOf(await signInAt('10.40.0.1', wrong(owner, i))));
    expect(answers.filter((m) => m === 'INVALID_LOGIN_CREDENTIALS')).toHaveLength(perAccountAndIp);
    expect(answers.filter((m) => m === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toHaveLength(50 - perAccountAndIp);
    expect((await signInAt('10.40.0.2', right(owner))).statusCode).toBe(200);
  });

  it('count the same way on the Firebase SDK’s path', async () => {
    const owner = await member();
    const url = `${FIREBASE_IDENTITY_PREFIX}/accounts:signInWithPassword`;
    for (let i = 0; i < 50; i++) await signInAt('10.41.0.1', wrong(owner, i), url);
    expect(messageOf(await signInAt('10.41.0.1', right(owner), url))).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect((await signInAt('10.41.0.2', right(owner), url)).statusCode).toBe(200);
  });

  it('still refuse the address they come from for that account, right password included, until the window passes', async () => {
    const owner = await member();
    for (let i = 0; i < perAccountAndIp; i++)
      expect(messageOf(await signInAt('10.42.0.1', wrong(owner, i)))).toBe('INVALID_LOGIN_CREDENTIALS');
    const blocked = await signInAt('10.42.0.1', right(owner));
    expect(blocked.json()).toEqual({ error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
    t.clock.advance(SIGN_IN_LIMITS.windowMs + 1000);
    expect((await signInAt('10.42.0.1', right(owner))).statusCode).toBe(200);
  });

  it('are checked at most perAccountAndIp times however many arrive together from one address', async () => {
    const owner = await member();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signInAt('10.43.0.1', wrong(owner, i))));
    const messages = answers.map(messageOf);
    expect(messages.filter((m) => m === 'INVALID_LOGIN_CREDENTIALS')).toHaveLength(perAccountAndIp);
    expect(messages.filter((m) => m === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toHaveLength(40 - perAccountAndIp);
  });
});

describe('a shared address (a school, an office, a phone carrier)', () => {
  it('signs 100 members in correctly, one after another, and refuses none of them', async () => {
    const members = await Promise.all(Array.from({ length: 100 }, () => member()));
    const statuses = [];
    for (const m of members) statuses.push((await signInAt('10.44.0.1', right(m))).statusCode);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('is refused after perIp failures on many accounts, except for an account that signed in from it before', async () => {
    const regular = await member();
    const newcomer = await member();
    expect((await signInAt('10.45.0.1', right(regular))).statusCode).toBe(200);
    for (let i = 0; i < perIp; i++) {
      expect(messageOf(await signInAt('10.45.0.1', { email: uniqueEmail(), password: 'secret1' }))).toBe('INVALID_LOGIN_CREDENTIALS');
    }
    expect(messageOf(await signInAt('10.45.0.1', right(newcomer)))).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect((await signInAt('10.45.0.1', right(regular))).statusCode).toBe(200);
    expect((await signInAt('10.45.0.2', right(newcomer))).statusCode).toBe(200);
  });

  it('checks at most perIp failures however many arrive together on different accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: perIp + 20 }, () => signInAt('10.46.0.1', { email: uniqueEmail(), password: 'secret1' })),
    );
    const messages = answers.map(messageOf);
    expect(messages.filter((m) => m === 'INVALID_LOGIN_CREDENTIALS')).toHaveLength(perIp);
    expect(messages.filter((m) => m === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toHaveLength(20);
  });
});

describe('guessing one account from many addresses', () => {
  it('stops after perAccount failures in a day (at most that many checked, however many arrive together) except where the owner signed in before', async () => {
    const owner = await member();
    expect((await signInAt('10.47.0.1', right(owner))).statusCode).toBe(200);
    const total = perAccount + 20;
    const answers = await Promise.all(
      Array.from({ length: total }, (_, i) => signInAt(`10.48.${Math.floor(i / 200)}.${1 + (i % 200)}`, wrong(owner, i))),
    );
    const messages = answers.map(messageOf);
    expect(messages.filter((m) => m === 'INVALID_LOGIN_CREDENTIALS')).toHaveLength(perAccount);
    expect(messages.filter((m) => m === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toHaveLength(total - perAccount);
    // A new address is refused, right password included; the owner's own address is not.
    expect(messageOf(await signInAt('10.49.0.1', right(owner)))).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect((await signInAt('10.47.0.1', right(owner))).statusCode).toBe(200);
    t.clock.advance(SIGN_IN_LIMITS.accountWindowMs + 1000);
    expect((await signInAt('10.49.0.1', right(owner))).statusCode).toBe(200);
  });
});

describe('the two-factor step', () => {
  it('does not count a right password waiting for its code as a failure, and counts wrong codes', async () => {
    const owner = await member();
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/setup', headers: owner.headers })).json();
    const code = await totpCode(secret, t.clock.now());
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/enable', headers: owner.headers, payload: { code } })).statusCode,
    ).toBe(200);
    for (let i = 0; i < perAccountAndIp + 5; i++) expect(messageOf(await signInAt('10.50.0.1', right(owner)))).toBe('MFA_REQUIRED');
    t.clock.advance(30_000);
    expect((await signInAt('10.50.0.1', { ...right(owner), totpCode: await totpCode(secret, t.clock.now()) })).statusCode).toBe(200);

    // Wrong codes: never one the secret gives in the steps around now (a drift of a step is accepted).
    const valid = new Set(
      await Promise.all([-60_000, -30_000, 0, 30_000, 60_000].map((d) => totpCode(secret, new Date(t.clock.now().getTime() + d)))),
    );
    const wrong = Array.from({ length: perAccountAndIp + valid.size }, (_, i) => String(100000 + i)).filter((c) => !valid.has(c));
    for (let i = 0; i < perAccountAndIp; i++) {
      expect(messageOf(await signInAt('10.50.0.2', { ...right(owner), totpCode: wrong[i] }))).toBe('INVALID_MFA_CODE');
    }
    t.clock.advance(30_000);
    const refused = await signInAt('10.50.0.2', { ...right(owner), totpCode: await totpCode(secret, t.clock.now()) });
    expect(messageOf(refused)).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
  });
});
