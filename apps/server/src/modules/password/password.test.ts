import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, passwordResetTokens, rateLimits, refreshTokens, users } from '../../db/schema/index';
import { asDelivered, createTestApp, type TestApp } from '../../test/app';
import { SIGN_IN_LIMITS } from '../auth/sign-in-limits';
import { PASSWORD_RESET_LIMITS } from '../auth/password.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://swapu.example' } });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
let ipSeq = 0;
const uniqueEmail = () => `reset${++n}-${Date.now()}@example.com`;
/** A fresh IP per call unless given: the per-IP limit has its own test. */
const post = (url: string, payload: object, ip = `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const requestReset = (email: string, ip?: string) => post('/api/v1/auth/password-reset', { email }, ip);
const confirm = (token: string, password: string) => post('/api/v1/auth/password-reset/confirm', { token, password });
const signUp = async (email: string, password = 'secret1', language = 'en-US') => {
  const body = { email, password, language, returnSecureToken: true, acceptTerms: true, displayName: 'Rita Reset' };
  const res = await post('/identity/v1/accounts:signUp', body);
  expect(res.statusCode).toBe(200);
  return res.json() as { localId: string; refreshToken: string };
};
const signIn = (email: string, password: string) =>
  post('/identity/v1/accounts:signInWithPassword', { email, password, returnSecureToken: true });
const resetMails = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .then((rows) => rows.filter((r) => r.template === 'password-reset'));
/** The link's token, read from the newest reset mail's text as a person would. */
async function tokenFromMail(email: string): Promise<string> {
  const mails = await resetMails(email);
  const newest = mails.sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime())[0]!;
  const delivered = asDelivered(t, newest);
  const match = /https:\/\/swapu\.example\/forgot-password\?token=([\w-]+)/.exec(delivered.text);
  expect(match, delivered.text).not.toBeNull();
  // The stored row never holds the usable link.
  expect(newest.text).not.toContain(match![1]!);
  expect(newest.html).not.toContain(match![1]!);
  return match![1]!;
}

describe('password reset', () => {
  it('resets the password through the mailed link and signs out every session', async () => {
    const email = uniqueEmail();
    const session = await signUp(email);
    const other = (await signIn(email, 'secret1')).json();

    const res = await requestReset(email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    const [mail] = await resetMails(email);
    expect(mail).toMatchObject({ subject: 'Reset your SwapU password', sentAt: null });
    expect(asDelivered(t, mail!).html).toContain('https://swapu.example/forgot-password?token=');
    expect(mail!.html).not.toContain('forgot-password?token=');
    expect(mail!.text).toContain('60 minutes');
    const token = await tokenFromMail(email);

    // Only a hash of the token is stored.
    const stored = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, session.localId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(3600_000);

    const done = await confirm(token, 'brand-new');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ reset: true });

    const [user] = await t.db.select().from(users).where(eq(users.id, session.localId));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.emailVerifiedAt).not.toBeNull();

    // Every session of the account is revoked.
    const tokens = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, session.localId));
    expect(tokens).toHaveLength(2);
    expect(tokens.every((r) => r.revokedAt)).toBe(true);
    for (const refreshToken of [session.refreshToken, other.refreshToken]) {
      const refreshed = await post('/identity/v1/token', { refreshToken });
      expect(refreshed.json()).toEqual({ error: { code: 400, message: 'INVALID_REFRESH_TOKEN' } });
    }
    expect((await signIn(email, 'secret1')).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    expect((await signIn(email, 'brand-new')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const known = uniqueEmail();
    await signUp(known);
    const unknown = uniqueEmail();
    const a = await requestReset(known);
    const b = await requestReset(unknown);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(await resetMails(unknown)).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, unknown))).toHaveLength(0);
  });

  it('works only once', async () => {
    const email = uniqueEmail();
    await signUp(email);
    await requestReset(email);
    const token = await tokenFromMail(email);
    expect((await confirm(token, 'first-new')).statusCode).toBe(200);
    const again = await confirm(token, 'second-new');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'reset_link_invalid',
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    });
    expect((await signIn(email, 'first-new')).statusCode).toBe(200);
  });

  it('expires after one hour', async () => {
    const email = uniqueEmail();
    await signUp(email);
    await requestReset(email);
    const early = await tokenFromMail(email);
    t.clock.advance(59 * 60_000);
    await requestReset(email);
    const late = await tokenFromMail(email);
    t.clock.advance(60_000 + 1000);
    expect((await confirm(early, 'too-late')).json().error.code).toBe('reset_link_invalid');
    expect((await confirm(late, 'in-time')).statusCode).toBe(200);
  });

  it('kills the account’s other open links once one is used', async () => {
    const email = uniqueEmail();
    await signUp(email);
    await requestReset(email);
    const first = await tokenFromMail(email);
    t.clock.advance(1000);
    await requestReset(email);
    const second = await tokenFromMail(email);
    expect(second).not.toBe(first);
    expect((await confirm(second, 'chosen1')).statusCode).toBe(200);
    expect((await confirm(first, 'chosen2')).json().error.code).toBe('reset_link_invalid');
  });

  it('requires at least 6 characters without using up the link', async () => {
    const email = uniqueEmail();
    await signUp(email);
    await requestReset(email);
    const token = await tokenFromMail(email);
    const short = await confirm(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toEqual({ code: 'password_too_short', message: 'Password must be at least 6 characters.' });
    expect((await confirm(token, '123456')).statusCode).toBe(200);
  });

  it('refuses unknown tokens and invalid addresses with their catalogue messages', async () => {
    expect((await confirm('not-a-real-token', 'whatever1')).json().error.code).toBe('reset_link_invalid');
    const bad = await requestReset('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ code: 'email_invalid', message: 'Please type in a valid email address.' });
    const pt = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token: 'nope', password: 'whatever1' },
      headers: { 'accept-language': 'pt-PT' },
    });
    expect(pt.json().error.message).toBe('Esta ligação para redefinir a palavra-passe é inválida ou expirou. Peça uma nova.');
  });

  it('writes the mail in the account’s language', async () => {
    const email = uniqueEmail();
    await signUp(email, 'secret1', 'pt-PT');
    await requestReset(email);
    const [mail] = await resetMails(email);
    expect(mail!.subject).toBe('Redefinir a sua palavra-passe da SwapU');
    expect(asDelivered(t, mail!).text).toContain('Escolher uma nova palavra-passe: https://swapu.example/forgot-password?token=');
  });

  it('mails one address at most a few times an hour, with the same answer', async () => {
    const email = uniqueEmail();
    await signUp(email);
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perEmail + 2; i++) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(202);
    }
    expect(await resetMails(email)).toHaveLength(PASSWORD_RESET_LIMITS.perEmail);
    t.clock.advance(PASSWORD_RESET_LIMITS.windowMs + 1000);
    await requestReset(email);
    expect(await resetMails(email)).toHaveLength(PASSWORD_RESET_LIMITS.perEmail + 1);
  });

  it('throttles one IP asking for many addresses', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perIp; i++) expect((await requestReset(uniqueEmail(), ip)).statusCode).toBe(202);
    const blocked = await requestReset(uniqueEmail(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect((await requestReset(uniqueEmail(), '10.99.0.2')).statusCode).toBe(202);
  });
});

describe('password reset and the sign-in lockout', () => {
  it('lifts the lockout failed attempts with the old password caused on the device that sets the new one', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const device = '10.21.0.1';
    const signInFrom = (ip: string, password: string) =>
      post('/identity/v1/accounts:signInWithPassword', { email, password, returnSecureToken: true }, ip);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndIp; i++) await signInFrom(device, `wrong-guess-${i}`);
    expect((await signInFrom(device, 'secret1')).json().error.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    await requestReset(email);
    const token = await tokenFromMail(email);
    expect((await post('/api/v1/auth/password-reset/confirm', { token, password: 'brand-new-1' }, device)).statusCode).toBeLessThan(300);
    expect((await signInFrom(device, 'brand-new-1')).statusCode).toBe(200);
  });

  it('lifts the account’s ceiling that guesses from many addresses reached', async () => {
    const email = uniqueEmail();
    await signUp(email);
    // The ceiling reached (as perAccount failures from as many addresses would leave it).
    await t.db.insert(rateLimits).values({ key: `signin:account:${email}`, windowStart: t.clock.now(), count: SIGN_IN_LIMITS.perAccount });
    expect((await signIn(email, 'secret1')).json().error.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    await requestReset(email);
    expect((await confirm(await tokenFromMail(email), 'brand-new-1')).statusCode).toBeLessThan(300);
    expect((await signIn(email, 'brand-new-1')).statusCode).toBe(200);
  });
});
