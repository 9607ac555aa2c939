import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { mailOutbox, rateLimits, refreshTokens, users } from '../../db/schema/index';
import { RATE_LIMITS } from '../../lib/rate-limit';
import { asDelivered, createTestApp, type TestApp } from '../../test/app';
import { signEmailVerification } from '../../lib/tokens';
import { SIGN_IN_LIMITS } from './sign-in-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z', config: { adminEmails: ['boss@swapu.au'] } });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const uniqueEmail = () => `person${++n}-${Date.now()}@example.com`;
const post = (url: string, payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
const signUp = (body: Record<string, unknown>) =>
  post('/identity/v1/accounts:signUp', { returnSecureToken: true, acceptTerms: true, ...body });
const signIn = (body: Record<string, unknown>, ip?: string) =>
  post('/identity/v1/accounts:signInWithPassword', { returnSecureToken: true, ...body }, ip);
const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

describe('POST /identity/v1/accounts:signUp', () => {
  it('creates the account, answers with the identity contract and queues the welcome mail', async () => {
    const email = uniqueEmail();
    const res = await signUp({ email: email.toUpperCase(), password: 'secret1', displayName: 'Ana Lima' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['email', 'expiresIn', 'idToken', 'localId', 'refreshToken']);
    expect(body).toMatchObject({ email, expiresIn: '3600' });
    const claims = decodeJwt(body.idToken);
    expect(claims.sub).toBe(body.localId);
    expect(claims.exp! - claims.iat!).toBe(3600);

    const [user] = await t.db.select().from(users).where(eq(users.id, body.localId));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.termsAcceptedAt).toEqual(new Date('2026-11-20T00:00:00.000Z'));
    expect(user!.privacyAcceptedAt).toEqual(new Date('2026-11-20T00:00:00.000Z'));
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail.map((m) => m.template).sort()).toEqual(['email-verification', 'welcome']);
    const welcome = mail.find((m) => m.template === 'welcome')!;
    expect(welcome).toMatchObject({ subject: 'Welcome to SwapU', sentAt: null });
    expect(welcome.html).toContain('Ana Lima');
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'INVALID_EMAIL'],
    [{ email: 'a@b', password: 'secret1' }, 'INVALID_EMAIL'],
    [{ password: 'secret1' }, 'INVALID_EMAIL'],
    [{ email: 'ok@example.com' }, 'MISSING_PASSWORD'],
    [{ email: 'ok@example.com', password: '' }, 'MISSING_PASSWORD'],
    [{ email: 'ok@example.com', password: '12345' }, 'WEAK_PASSWORD'],
    [{ email: 'ok@example.com', password: 'secret1', acceptTerms: false }, 'TERMS_NOT_ACCEPTED'],
  ])('refuses %j with %s and creates nothing', async (body, code) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 400, message: code } });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses an email that exists, whatever its case, without a second welcome mail', async () => {
    const email = uniqueEmail();
    expect((await signUp({ email, password: 'secret1' })).statusCode).toBe(200);
    const again = await signUp({ email: email.toUpperCase(), password: 'other12' });
    expect(again.json()).toEqual({ error: { code: 400, message: 'EMAIL_EXISTS' } });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(2);
  });

  it('limits new accounts per IP, with Retry-After, creating nothing over the limit', async () => {
    const ip = '10.99.0.1';
    await t.db.insert(rateLimits).values({ key: `signUp:${ip}`, windowStart: t.clock.now(), count: RATE_LIMITS.signUp.max - 1 });
    const email = uniqueEmail();
    expect((await post('/identity/v1/accounts:signUp', { email, password: 'secret1', acceptTerms: true }, ip)).statusCode).toBe(200);
    const over = await post('/identity/v1/accounts:signUp', { email: uniqueEmail(), password: 'secret1', acceptTerms: true }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: { code: 429, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
    expect(Number(over.headers['retry-after'])).toBe(3600);
    // Another address is not affected.
    expect(
      (await post('/identity/v1/accounts:signUp', { email: uniqueEmail(), password: 'secret1', acceptTerms: true }, '10.99.0.2'))
        .statusCode,
    ).toBe(200);
  });

  it('takes the per-IP sign-up limit from SIGNUP_LIMIT_PER_HOUR when it is set', async () => {
    const small = await createTestApp({ config: { signUpPerHour: 2 } });
    try {
      const ip = '10.99.1.1';
      const at = (email: string) =>
        small.app.inject({
          method: 'POST',
          url: '/identity/v1/accounts:signUp',
          remoteAddress: ip,
          payload: { email, password: 'secret1', acceptTerms: true },
        });
      expect((await at(uniqueEmail())).statusCode).toBe(200);
      expect((await at(uniqueEmail())).statusCode).toBe(200);
      const third = uniqueEmail();
      expect((await at(third)).json()).toEqual({ error: { code: 429, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
      expect(await small.db.select().from(users).where(eq(users.email, third))).toHaveLength(0);
    } finally {
      await small.close();
    }
  });

  it('makes an ADMIN_EMAILS address an admin only once its owner has verified it', async () => {
    const res = await signUp({ email: 'boss@swapu.au', password: 'secret1' });
    expect((await me(res.json().idToken)).json().role).toBe('user');
    // Signing in does not promote an unproven address either.
    const signedIn = await signIn({ email: 'boss@swapu.au', password: 'secret1' });
    expect((await me(signedIn.json().idToken)).json().role).toBe('user');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'boss@swapu.au'));
    expect(mails.map((m) => m.template)).toContain('email-verification');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'boss@swapu.au'));
    const token = await signEmailVerification(t.config.jwtSecret, user!.id, 'boss@swapu.au', t.clock.now());
    const verified = await t.app.inject({ url: `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}` });
    expect(verified.headers.location).toBe('/auth?emailVerified=1');
    expect((await me(signedIn.json().idToken)).json().role).toBe('admin');
  });
});

describe('POST /identity/v1/accounts:signInWithPassword', () => {
  it('signs in with the right password and refuses a wrong one or an unknown email', async () => {
    const email = uniqueEmail();
    await signUp({ email, password: 'secret1' });
    const ok = await signIn({ email, password: 'secret1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email, expiresIn: '3600' });
    expect((await signIn({ email, password: 'wrong12' })).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    expect((await signIn({ email: uniqueEmail(), password: 'secret1' })).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    expect((await signIn({ email, password: '' })).json().error.message).toBe('MISSING_PASSWORD');
    expect((await signIn({ email: 'nope', password: 'x' })).json().error.message).toBe('INVALID_EMAIL');
  });

  // The lockout (per account and address, per address, per account) is proven in sign-in-limits.test.ts.
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('counts per-IP failures by the address the proxy saw, whatever X-Forwarded-For the client forged', async () => {
    const proxied = await createTestApp({ config: { trustProxy: 1 } });
    try {
      const attempt = (forged: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/identity/v1/accounts:signInWithPassword',
          // The proxy (10.0.0.2) appends the address it saw (203.0.113.9) to what the client sent.
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
          payload: { email: `nobody${forged.replace(/\D/g, '')}@example.com`, password: 'secret1', returnSecureToken: true },
        });
      for (let i = 0; i < SIGN_IN_LIMITS.perIp; i++) {
        expect((await attempt(`198.51.100.${i}`)).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
      }
      expect((await attempt('198.51.100.250')).json().error.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    } finally {
      await proxied.close();
    }
  });
});

describe('the web app’s refresh token in an HttpOnly cookie', () => {
  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const raw = ([] as string[])
      .concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
      .find((c) => c.startsWith('swapu_refresh='));
    return raw;
  };
  const valueOf = (cookie: string) => cookie.split(';')[0]!.slice('swapu_refresh='.length);

  it('keeps it out of the body, out of page scripts’ reach and scoped to the token endpoint', async () => {
    const email = uniqueEmail();
    const res = await signUp({ email, password: 'secret1', sessionCookie: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('refreshToken');
    expect(res.json()).toMatchObject({ email, expiresIn: '3600' });
    const cookie = cookieOf(res)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/identity\/v1\/token(;|$)/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/); // http://localhost; Secure on an https PUBLIC_URL

    const signedIn = await signIn({ email, password: 'secret1', sessionCookie: true });
    expect(signedIn.json()).not.toHaveProperty('refreshToken');
    const first = valueOf(cookieOf(signedIn)!);

    // The refresh reads the cookie and answers with the next one, never in the body.
    const refreshed = await t.app.inject({ method: 'POST', url: '/identity/v1/token', cookies: { swapu_refresh: first }, payload: {} });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).not.toHaveProperty('refreshToken');
    expect((await me(refreshed.json().idToken)).statusCode).toBe(200);
    const second = valueOf(cookieOf(refreshed)!);
    expect(second).not.toBe(first);

    // Signing out revokes it and clears the cookie.
    const out = await t.app.inject({ method: 'POST', url: '/identity/v1/token/revoke', cookies: { swapu_refresh: second } });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out)).toMatch(/swapu_refresh=;/);
    const after = await t.app.inject({ method: 'POST', url: '/identity/v1/token', cookies: { swapu_refresh: second }, payload: {} });
    expect(after.json().error.message).toBe('INVALID_REFRESH_TOKEN');
  });

  it('gives it on an https site only over https', async () => {
    const secure = await createTestApp({ config: { publicUrl: 'https://swapu.example' } });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signUp',
        payload: { email: uniqueEmail(), password: 'secret1', acceptTerms: true, sessionCookie: true },
      });
      expect(cookieOf(res)).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('access and refresh tokens', () => {
  it('accepts an access token for one hour only', async () => {
    const { idToken } = (await signUp({ email: uniqueEmail(), password: 'secret1' })).json();
    expect((await me(idToken)).statusCode).toBe(200);
    t.clock.advance(3600_000 + 1000);
    const expired = await me(idToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe('You need to be logged in to use this');
  });

  it('rotates refresh tokens and revokes the whole family when an old one is reused', async () => {
    const first = (await signUp({ email: uniqueEmail(), password: 'secret1' })).json();
    const second = (await post('/identity/v1/token', { refreshToken: first.refreshToken })).json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.idToken)).statusCode).toBe(200);
    const third = (await post('/identity/v1/token', { refreshToken: second.refreshToken })).json();
    expect(third.localId).toBe(first.localId);

    // The first token is presented again: someone copied it. Every token of the family dies.
    const reuse = await post('/identity/v1/token', { refreshToken: first.refreshToken });
    expect(reuse.json()).toEqual({ error: { code: 400, message: 'INVALID_REFRESH_TOKEN' } });
    const afterReuse = await post('/identity/v1/token', { refreshToken: third.refreshToken });
    expect(afterReuse.json().error.message).toBe('INVALID_REFRESH_TOKEN');
  });

  it('never hands out two successors for one refresh token under concurrency', async () => {
    const first = (await signUp({ email: uniqueEmail(), password: 'secret1' })).json();
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/identity/v1/token', { refreshToken: first.refreshToken })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('logout revokes the session', async () => {
    const first = (await signUp({ email: uniqueEmail(), password: 'secret1' })).json();
    const out = await post('/identity/v1/accounts:signOut', { refreshToken: first.refreshToken });
    expect(out.statusCode).toBe(204);
    expect((await post('/identity/v1/token', { refreshToken: first.refreshToken })).json().error.message).toBe('INVALID_REFRESH_TOKEN');
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, first.localId));
    expect(rows.every((r) => r.revokedAt)).toBe(true);
  });

  it('treats a forged or malformed token as a guest', async () => {
    expect((await me('not.a.token')).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/v1/posts', headers: { authorization: 'Bearer garbage' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('email verification', () => {
  it('verifies the address through the mailed link, and refuses a tampered one', async () => {
    const email = uniqueEmail();
    const { idToken } = (await signUp({ email, password: 'secret1' })).json();
    expect((await me(idToken)).json().emailVerified).toBe(false);
    const [mail] = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
      (m) => m.template === 'email-verification',
    );
    const url = /https?:\/\/\S+\/api\/v1\/auth\/verify-email\?token=\S+/.exec(asDelivered(t, mail!).text)![0];
    const path = new URL(url).pathname + new URL(url).search;
    // The outbox row itself holds no usable link; the admin viewer shows it hidden.
    expect(mail!.text).not.toContain('verify-email?token=');
    expect(mail!.text).toContain('{{secret:verify}}');

    const bad = await t.app.inject({ url: path.slice(0, -3) + 'xyz' });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe('/auth?emailVerified=0');
    expect((await me(idToken)).json().emailVerified).toBe(false);

    const good = await t.app.inject({ url: path });
    expect(good.headers.location).toBe('/auth?emailVerified=1');
    expect((await me(idToken)).json().emailVerified).toBe(true);
  });
});
