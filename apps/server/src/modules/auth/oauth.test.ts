import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { mailOutbox, userIdentities, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';

/** Google sign-in end to end against oauth2-mock-server standing in for accounts.google.com. */

let mock: OAuth2Server;
let t: TestApp;
/** What the mock provider says about the person signing in (claims of its next tokens). */
let person: Record<string, unknown> = {};

beforeAll(async () => {
  mock = new OAuth2Server();
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  mock.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, person);
  });
  t = await createTestApp({
    config: { google: { clientId: 'swapu-test', clientSecret: 'shh', issuer: mock.issuer.url! }, adminEmails: [] },
  });
});
afterAll(async () => {
  await t?.close();
  await mock?.stop();
});

let n = 0;
const uniqueEmail = () => `google${++n}-${Date.now()}@example.com`;
const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

/** The nonce the starting browser keeps (the web app: 32 random bytes in localStorage). */
const NONCE = 'this-browser-nonce-0123456789abcdef';

async function start(returnTo = '/search', nonce = NONCE) {
  const res = await t.app.inject({ url: `/identity/v1/oauth/google/start?returnTo=${encodeURIComponent(returnTo)}&nonce=${nonce}` });
  expect(res.statusCode).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  return { location: new URL(res.headers.location as string), setCookie, cookie: setCookie.split(';')[0]! };
}

/** The mock's authorize endpoint approves at once and sends the browser back to our callback. */
async function authorize(location: URL) {
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return back.pathname + back.search;
}

async function signInWithGoogle(returnTo?: string, nonce = NONCE) {
  const { location, cookie } = await start(returnTo, nonce);
  const callback = await authorize(location);
  return t.app.inject({ url: callback, headers: { cookie } });
}

/** The one-time code the callback puts in /auth/complete's fragment. */
function codeOf(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location).toMatch(/^\/auth\/complete#code=[\w-]+$/);
  return new URLSearchParams(location.slice(location.indexOf('#') + 1)).get('code')!;
}

/** What /auth/complete does with the code and the browser's nonce. */
const exchange = (code: string, nonce = NONCE) =>
  t.app.inject({ method: 'POST', url: '/identity/v1/oauth/complete', payload: { code, nonce } });

/** The finished sign-in as the browser that started it gets it: tokens, returnTo, the refresh cookie. */
interface Completed {
  idToken: string;
  localId: string;
  expiresIn: string;
  email: string;
  returnTo: string;
  refreshToken: string;
}
async function completed(res: { statusCode: number; headers: Record<string, unknown> }): Promise<Completed> {
  const done = await exchange(codeOf(res));
  expect(done.statusCode).toBe(200);
  const body = done.json() as Omit<Completed, 'refreshToken'>;
  expect(body).not.toHaveProperty('refreshToken');
  const cookie = ([] as string[])
    .concat((done.headers['set-cookie'] as string | string[]) ?? [])
    .find((c) => c.startsWith('swapu_refresh='))!;
  return { ...body, refreshToken: cookie.split(';')[0]!.slice('swapu_refresh='.length) };
}

describe('GET /api/v1/auth/providers', () => {
  it('lists only the configured providers', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: ['google'] });
  });

  it('lists none when nothing is configured, and both when both are', async () => {
    const none = await createTestApp();
    const both = await createTestApp({
      config: {
        google: { clientId: 'g', clientSecret: 's', issuer: mock.issuer.url! },
        facebook: {
          clientId: 'fb-app',
          clientSecret: 'fb-secret',
          authUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
          tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
          graphUrl: 'https://graph.facebook.com/v19.0',
        },
      },
    });
    try {
      expect((await none.app.inject({ url: '/api/v1/auth/providers' })).json()).toEqual({ providers: [] });
      expect((await none.app.inject({ url: '/identity/v1/oauth/google/start' })).statusCode).toBe(404);
      expect((await both.app.inject({ url: '/api/v1/auth/providers' })).json()).toEqual({ providers: ['google', 'facebook'] });
      const fb = await both.app.inject({ url: `/identity/v1/oauth/facebook/start?returnTo=/create&nonce=${NONCE}` });
      expect(fb.statusCode).toBe(302);
      const url = new URL(fb.headers.location as string);
      expect(url.origin + url.pathname).toBe('https://www.facebook.com/v19.0/dialog/oauth');
      expect(url.searchParams.get('client_id')).toBe('fb-app');
      expect(url.searchParams.get('redirect_uri')).toBe(`${both.config.publicUrl}/identity/v1/oauth/facebook/callback`);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('state')).toBeTruthy();
    } finally {
      await none.close();
      await both.close();
    }
  });
});

describe('Google sign-in', () => {
  it('redirects to the provider with state, nonce and PKCE kept in a signed httpOnly cookie', async () => {
    const { location, setCookie } = await start();
    expect(location.origin).toBe(mock.issuer.url);
    expect(location.pathname).toBe('/authorize');
    const q = location.searchParams;
    expect(q.get('client_id')).toBe('swapu-test');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('redirect_uri')).toBe(`${t.config.publicUrl}/identity/v1/oauth/google/callback`);
    expect(q.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(q.get(p)).toMatch(/^[\w-]{20,}$/);
    expect(setCookie).toMatch(/^swapu_oauth=[^;]+; Path=\/identity\/v1\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // The cookie holds no readable verifier: it is a signed token.
    expect(setCookie).not.toContain(q.get('code_challenge')!);
  });

  it('creates the account on a first sign-in, accepting the terms, and finds the same account the next time', async () => {
    const email = uniqueEmail();
    person = { sub: `google-${email}`, email, email_verified: true, name: 'Gina Google' };
    const first = await completed(await signInWithGoogle('/view-post/abc?x=1'));
    expect(first).toMatchObject({ expiresIn: '3600', returnTo: '/view-post/abc?x=1' });
    expect(first.idToken && first.refreshToken && first.localId).toBeTruthy();
    const profile = (await me(first.idToken!)).json();
    expect(profile).toMatchObject({ id: first.localId, email, displayName: 'Gina Google' });

    const [user] = await t.db.select().from(users).where(eq(users.id, first.localId!));
    expect(user!.passwordHash).toBeNull();
    expect(user!.termsAcceptedAt).toEqual(t.clock.now());
    expect(user!.privacyAcceptedAt).toEqual(t.clock.now());
    expect(user!.emailVerifiedAt).toEqual(t.clock.now());
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user!.id))).toEqual([
      expect.objectContaining({ provider: 'google', subject: `google-${email}` }),
    ]);
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.template)).toEqual(['welcome']);

    // A new email at Google changes nothing: the subject identifies the person.
    person = { ...person, email: uniqueEmail() };
    const second = await completed(await signInWithGoogle('/'));
    expect(second.localId).toBe(first.localId);
    expect(second.returnTo).toBe('/');
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user!.id))).toHaveLength(1);
    // The refresh token is a normal one.
    const refreshed = await t.app.inject({ method: 'POST', url: '/identity/v1/token', payload: { refreshToken: second.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
  });

  it('links to an existing password account whose owner verified the email, keeping its password', async () => {
    const email = uniqueEmail();
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signUp',
      payload: { email, password: 'secret1', returnSecureToken: true, acceptTerms: true },
    });
    const { localId } = signUp.json();
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, localId));
    person = { sub: `linked-${email}`, email: email.toUpperCase(), email_verified: true, name: 'Someone Else' };
    const res = await completed(await signInWithGoogle());
    expect(res.localId).toBe(localId);
    const [user] = await t.db.select().from(users).where(eq(users.id, localId));
    expect(user!.displayName).toBe(email.split('@')[0]); // the account keeps its own name
    const password = await t.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithPassword',
      payload: { email, password: 'secret1', returnSecureToken: true },
    });
    expect(password.json().localId).toBe(localId);
  });

  it('linking an account nobody verified ends the password and the sessions of whoever registered the address first', async () => {
    const email = uniqueEmail();
    // Someone who does not own the mailbox registers it first…
    const squatter = (
      await t.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signUp',
        payload: { email, password: 'squatter1', returnSecureToken: true, acceptTerms: true },
      })
    ).json();
    expect((await me(squatter.idToken)).statusCode).toBe(200);
    // …then the real owner continues with Google, which vouches for the address.
    person = { sub: `owner-${email}`, email, email_verified: true, name: 'Real Owner' };
    const owner = await completed(await signInWithGoogle());
    expect(owner.localId).toBe(squatter.localId);
    expect((await me(owner.idToken!)).json().email).toBe(email);

    const password = await t.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithPassword',
      payload: { email, password: 'squatter1', returnSecureToken: true },
    });
    expect(password.json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    // The squatter's access token and refresh token stop working at once.
    expect((await me(squatter.idToken)).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/identity/v1/token', payload: { refreshToken: squatter.refreshToken } });
    expect(refreshed.json().error.message).toBe('INVALID_REFRESH_TOKEN');
  });

  it('hands the tokens only to the browser that started the sign-in, once', async () => {
    person = { sub: 'nonce-check', email: uniqueEmail(), email_verified: true };
    // An attacker finishes a sign-in of their own and sends the /auth/complete link to a victim.
    const code = codeOf(await signInWithGoogle('/', 'attackers-own-nonce-0123456789'));
    const inVictimsBrowser = await exchange(code, NONCE);
    expect(inVictimsBrowser.statusCode).toBe(400);
    expect(inVictimsBrowser.json()).toEqual({ error: { code: 400, message: 'INVALID_IDP_RESPONSE' } });
    expect(inVictimsBrowser.headers['set-cookie']).toBeUndefined();
    // In the browser that started it, the code works, and only once.
    expect((await exchange(code, 'attackers-own-nonce-0123456789')).statusCode).toBe(200);
    expect((await exchange(code, 'attackers-own-nonce-0123456789')).statusCode).toBe(400);
    // A code expires after two minutes.
    const late = codeOf(await signInWithGoogle());
    t.clock.advance(2 * 60_000 + 1);
    expect((await exchange(late)).statusCode).toBe(400);
    // A sign-in started without a browser nonce goes nowhere.
    const bare = await t.app.inject({ url: '/identity/v1/oauth/google/start?returnTo=/' });
    expect(bare.headers.location).toBe('/auth?error=auth_failed');
  });

  it('does not take over an existing account when the provider has not verified the email', async () => {
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signUp',
      payload: { email, password: 'secret1', returnSecureToken: true, acceptTerms: true },
    });
    person = { sub: `unverified-${email}`, email, email_verified: false };
    const res = await signInWithGoogle();
    expect(res.headers.location).toBe('/auth?error=auth_failed');
    expect(
      await t.db
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.subject, `unverified-${email}`)),
    ).toEqual([]);
  });

  it('does not open an account protected by two-factor authentication by linking its email', async () => {
    const email = uniqueEmail();
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:signUp',
      payload: { email, password: 'secret1', returnSecureToken: true, acceptTerms: true },
    });
    await t.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', totpEnabledAt: new Date() })
      .where(eq(users.id, signUp.json().localId));
    person = { sub: `twofactor-${email}`, email, email_verified: true };
    const res = await signInWithGoogle();
    expect(res.headers.location).toBe('/auth?error=auth_failed');
    expect(
      await t.db
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.subject, `twofactor-${email}`)),
    ).toEqual([]);
  });

  it('refuses a state that does not match the cookie, a missing cookie and a denied consent', async () => {
    person = { sub: 'state-check', email: uniqueEmail(), email_verified: true };
    const { location, cookie } = await start();
    const callback = new URL(await authorize(location), 'http://x');

    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'not-the-state');
    const mismatch = await t.app.inject({ url: tampered.pathname + tampered.search, headers: { cookie } });
    expect(mismatch.statusCode).toBe(302);
    expect(mismatch.headers.location).toBe('/auth?error=auth_failed');
    expect(String(mismatch.headers['set-cookie'])).toContain('Max-Age=0');

    const noCookie = await t.app.inject({ url: callback.pathname + callback.search });
    expect(noCookie.headers.location).toBe('/auth?error=auth_failed');

    const forged = await t.app.inject({ url: callback.pathname + callback.search, headers: { cookie: `${cookie}x` } });
    expect(forged.headers.location).toBe('/auth?error=auth_failed');

    const state = location.searchParams.get('state')!;
    const denied = await t.app.inject({
      url: `/identity/v1/oauth/google/callback?error=access_denied&state=${state}`,
      headers: { cookie },
    });
    expect(denied.headers.location).toBe('/auth?error=auth_failed');
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.subject, 'state-check'))).toEqual([]);
  });

  it('never returns to another site or to the auth screens', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/auth/signup', '/\\evil.example']) {
      person = { sub: 'return-check', email: 'return-check@example.com', email_verified: true };
      expect((await completed(await signInWithGoogle(returnTo))).returnTo).toBe('/');
    }
  });

  it('answers 404 for Facebook when it is not configured, and for unknown providers', async () => {
    expect((await t.app.inject({ url: '/identity/v1/oauth/facebook/start?returnTo=/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/identity/v1/oauth/facebook/callback?code=x&state=y' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/identity/v1/oauth/twitter/start' })).statusCode).toBe(404);
  });
});
