import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { Config, FacebookProviderConfig, OidcProviderConfig } from '../../config';
import type { Tx } from '../../db/client';
import { signInCodes, userIdentities, users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import { endSessions } from './sessions';
import { enqueueMail, welcomeMail } from '../mail/index';
import { IdentityError, isUniqueViolation, issueTokens, type IdentityDeps, type TokenResponse } from './identity.service';

/**
 * Sign-in through an outside identity provider: Google (OpenID Connect: ID token checked for
 * issuer, audience and nonce) and Facebook (OAuth 2 authorization code, then Graph /me). Both use
 * PKCE and a state value; state, nonce and verifier travel in a signed, short-lived cookie.
 *
 * The browser that starts a sign-in makes up a nonce of its own and keeps it (the web app keeps it
 * in localStorage); the callback does not hand out tokens but a one-time code bound to that
 * nonce's hash, and /auth/complete exchanges code + nonce for tokens. A link crafted from someone
 * else's finished sign-in therefore opens nothing in the victim's browser (login CSRF).
 */
export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const STATE_COOKIE = 'swapu_oauth';
export const STATE_COOKIE_PATH = '/identity/v1/oauth';
/** How long the person may spend at the provider before coming back (seconds). */
export const STATE_TTL_SECONDS = 600;

export class OAuthFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'OAuthFailure';
  }
}

export function enabledProviders(config: Pick<Config, 'google' | 'facebook'>): OAuthProvider[] {
  return OAUTH_PROVIDERS.filter((p) => config[p] !== undefined);
}

export const isProvider = (p: string): p is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(p);

/** Only same-site paths, never back to the auth screens. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/^\/auth(\/|$|\?|#)/.test(value)) return '/';
  return value;
}

export const redirectUri = (publicUrl: string, provider: OAuthProvider) =>
  `${publicUrl.replace(/\/+$/, '')}/identity/v1/oauth/${provider}/callback`;

// ---------------------------------------------------------------------------------------------
// Provider configurations

const insecure = (url: string) => url.startsWith('http://');
const discovered = new Map<string, Promise<oidc.Configuration>>();

/** Google's discovered configuration, cached per issuer and client (a failure is retried next time). */
function googleClient(google: OidcProviderConfig): Promise<oidc.Configuration> {
  const key = `${google.issuer}|${google.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    pending = oidc.discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, {
      // Local stand-ins for the provider (tests, the e2e mock) speak plain HTTP.
      execute: insecure(google.issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
    discovered.set(key, pending);
    pending.catch(() => discovered.delete(key));
  }
  return pending;
}

function facebookClient(fb: FacebookProviderConfig): oidc.Configuration {
  const config = new oidc.Configuration(
    { issuer: 'https://www.facebook.com', authorization_endpoint: fb.authUrl, token_endpoint: fb.tokenUrl },
    fb.clientId,
    fb.clientSecret,
  );
  if (insecure(fb.authUrl) || insecure(fb.tokenUrl)) oidc.allowInsecureRequests(config);
  return config;
}

// ---------------------------------------------------------------------------------------------
// The state cookie

interface PendingSignIn {
  provider: OAuthProvider;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  language: 'en-US' | 'pt-PT';
  /** sha256 of the nonce the starting browser kept. */
  browserNonceHash: string;
}

/** A browser nonce: 22–128 URL-safe characters (the web app sends 32 random bytes, base64url). */
const BROWSER_NONCE = /^[A-Za-z0-9_-]{22,128}$/;
export const isBrowserNonce = (v: unknown): v is string => typeof v === 'string' && BROWSER_NONCE.test(v);
/** How long the one-time code of a finished sign-in waits for /auth/complete. */
export const SIGN_IN_CODE_TTL_MS = 2 * 60_000;

const cookieKey = (secret: string) => new TextEncoder().encode(`oauth-state:${secret}`);

async function sealState(secret: string, pending: PendingSignIn, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...pending })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience('swapu:oauth-state')
    .setIssuedAt(iat)
    .setExpirationTime(iat + STATE_TTL_SECONDS)
    .sign(cookieKey(secret));
}

async function openState(secret: string, value: string | undefined, now: Date): Promise<PendingSignIn> {
  if (!value) throw new OAuthFailure('state cookie missing');
  try {
    const { payload } = await jwtVerify(value, cookieKey(secret), {
      audience: 'swapu:oauth-state',
      algorithms: ['HS256'],
      currentDate: now,
    });
    return payload as unknown as PendingSignIn;
  } catch {
    throw new OAuthFailure('state cookie invalid or expired');
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

export function stateCookie(value: string, publicUrl: string, maxAge = STATE_TTL_SECONDS): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  // Lax: the provider sends the person back with a top-level GET, which carries Lax cookies.
  return `${STATE_COOKIE}=${encodeURIComponent(value)}; Path=${STATE_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

// ---------------------------------------------------------------------------------------------
// Start and callback

export interface OAuthDeps extends IdentityDeps {
  config: Pick<Config, 'google' | 'facebook'>;
}

/** Builds the provider's authorization URL and the sealed state to keep in the cookie. */
export async function startSignIn(
  deps: OAuthDeps,
  provider: OAuthProvider,
  input: { returnTo: unknown; language: 'en-US' | 'pt-PT'; browserNonce: unknown },
): Promise<{ url: string; cookieValue: string }> {
  if (!isBrowserNonce(input.browserNonce)) throw new OAuthFailure('no browser nonce');
  const verifier = oidc.randomPKCECodeVerifier();
  const pending: PendingSignIn = {
    provider,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    returnTo: safeReturnTo(input.returnTo),
    language: input.language,
    browserNonceHash: hashToken(input.browserNonce),
  };
  const common = {
    redirect_uri: redirectUri(deps.publicUrl, provider),
    state: pending.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  let url: URL;
  if (provider === 'google') {
    const client = await googleClient(deps.config.google!);
    url = oidc.buildAuthorizationUrl(client, { ...common, scope: 'openid email profile', nonce: pending.nonce });
  } else {
    url = oidc.buildAuthorizationUrl(facebookClient(deps.config.facebook!), { ...common, scope: 'email public_profile' });
  }
  return { url: url.href, cookieValue: await sealState(deps.jwtSecret, pending, deps.now) };
}

interface ProviderProfile {
  provider: OAuthProvider;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/**
 * The provider sent the person back: checks the state, exchanges the code (PKCE), verifies the
 * ID token (Google) or reads Graph /me (Facebook), then signs the matching account in.
 */
export async function finishSignIn(
  deps: OAuthDeps,
  provider: OAuthProvider,
  input: { currentUrl: URL; cookie: string | undefined },
): Promise<{ code: string; revoked: string | null }> {
  const pending = await openState(deps.jwtSecret, input.cookie, deps.now);
  const params = input.currentUrl.searchParams;
  if (pending.provider !== provider) throw new OAuthFailure('state is for another provider');
  if (params.get('state') !== pending.state) throw new OAuthFailure('state mismatch');
  if (params.has('error')) throw new OAuthFailure(`provider answered ${params.get('error')}`);
  if (!params.get('code')) throw new OAuthFailure('no authorization code');

  let profile: ProviderProfile;
  if (provider === 'google') {
    const client = await googleClient(deps.config.google!);
    const tokens = await oidc.authorizationCodeGrant(client, input.currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new OAuthFailure('no ID token subject');
    profile = {
      provider,
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  } else {
    const fb = deps.config.facebook!;
    const tokens = await oidc.authorizationCodeGrant(facebookClient(fb), input.currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
    });
    const proof = createHmac('sha256', fb.clientSecret).update(tokens.access_token).digest('hex');
    const res = await fetch(`${fb.graphUrl}/me?fields=id,name,email&appsecret_proof=${proof}`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new OAuthFailure(`graph /me answered ${res.status}`);
    const me = (await res.json()) as { id?: unknown; name?: unknown; email?: unknown };
    if (typeof me.id !== 'string' || !me.id) throw new OAuthFailure('graph /me without id');
    profile = {
      provider,
      subject: me.id,
      email: typeof me.email === 'string' ? me.email : undefined,
      // Facebook only hands out confirmed addresses.
      emailVerified: typeof me.email === 'string',
      name: typeof me.name === 'string' ? me.name : undefined,
    };
  }
  const user = await signInWithProfile(deps, profile, pending.language);
  if (!pending.browserNonceHash) throw new OAuthFailure('state without a browser nonce');
  const { token: code, hash: codeHash } = newOpaqueToken();
  await deps.db.insert(signInCodes).values({
    codeHash,
    userId: user.id,
    nonceHash: pending.browserNonceHash,
    returnTo: pending.returnTo,
    createdAt: deps.now,
    expiresAt: new Date(deps.now.getTime() + SIGN_IN_CODE_TTL_MS),
  });
  return { code, revoked: user.revoked };
}

/**
 * /auth/complete: exchanges a finished sign-in's one-time code for tokens, only together with the
 * nonce of the browser that started it. The code is claimed atomically: it works once.
 */
export async function completeSignIn(
  deps: IdentityDeps,
  input: { code?: unknown; nonce?: unknown },
): Promise<{ tokens: TokenResponse; returnTo: string }> {
  if (typeof input.code !== 'string' || input.code.length > 200 || !isBrowserNonce(input.nonce))
    throw new IdentityError('INVALID_IDP_RESPONSE');
  const result = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(signInCodes)
      .set({ usedAt: deps.now })
      .where(
        and(
          eq(signInCodes.codeHash, hashToken(input.code as string)),
          eq(signInCodes.nonceHash, hashToken(input.nonce as string)),
          isNull(signInCodes.usedAt),
          gt(signInCodes.expiresAt, deps.now),
        ),
      )
      .returning();
    if (!claimed) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId));
    if (!user || user.deletedAt) return null;
    return { tokens: await issueTokens(tx, deps, user), returnTo: claimed.returnTo };
  });
  if (!result) throw new IdentityError('INVALID_IDP_RESPONSE');
  // Old codes are of no use to anyone: sweep them now and then.
  if (Math.random() < 0.05) await deps.db.delete(signInCodes).where(lt(signInCodes.expiresAt, deps.now));
  return result;
}

/**
 * Finds the account linked to the provider's subject; else links the account with the same
 * (provider-verified) email; else creates one. Continuing through a provider accepts the terms
 * and the privacy policy (the buttons say so). Tokens come from the same path as a password sign-in.
 */
export async function signInWithProfile(deps: IdentityDeps, profile: ProviderProfile, language: 'en-US' | 'pt-PT') {
  // Two first sign-ins racing: the loser's insert hits a unique index; the retry finds the row.
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction((tx) => resolveAccount(tx, deps, profile, language));
    } catch (err) {
      if (attempt === 0 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** The account a provider's profile signs in to (linked, linked now, or created). */
async function resolveAccount(tx: Tx, deps: IdentityDeps, profile: ProviderProfile, language: 'en-US' | 'pt-PT') {
  const [linked] = await tx
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, profile.provider), eq(userIdentities.subject, profile.subject)))
    .limit(1);
  let user = linked?.user;
  /** An account whose earlier sessions were ended by this link (announced after commit). */
  let revoked: string | null = null;
  if (user?.deletedAt) throw new IdentityError('USER_DISABLED');

  const email = profile.email?.trim().toLowerCase();
  if (!user) {
    if (!email) throw new OAuthFailure('the provider shared no email address');
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)))
      .limit(1);
    if (existing) {
      // Only an address the provider vouches for may take over an existing account.
      if (!profile.emailVerified) throw new OAuthFailure('email exists but the provider did not verify it');
      // An account protected by a second factor is never opened by linking alone: its owner signs
      // in with password and code.
      if (existing.totpEnabledAt) throw new OAuthFailure('the account with this email uses two-factor authentication');
      user = existing;
      if (!existing.emailVerifiedAt) {
        // Nobody ever proved this mailbox: the password on the account was set by whoever
        // registered the address first, who may not be its owner. The provider has now proven
        // the owner, so that password stops working and every session it opened ends.
        await tx.update(users).set({ emailVerifiedAt: deps.now, passwordHash: null, updatedAt: deps.now }).where(eq(users.id, existing.id));
        await endSessions(tx, existing.id, deps.now);
        [user] = await tx.select().from(users).where(eq(users.id, existing.id));
        revoked = existing.id;
      }
    } else {
      const name = profile.name?.trim().slice(0, 60) || email.split('@')[0]!.slice(0, 60);
      [user] = await tx
        .insert(users)
        .values({
          id: newId(),
          email,
          passwordHash: null,
          displayName: name,
          language,
          role: profile.emailVerified && deps.adminEmails.includes(email) ? 'admin' : 'user',
          termsAcceptedAt: deps.now,
          privacyAcceptedAt: deps.now,
          emailVerifiedAt: profile.emailVerified ? deps.now : null,
          createdAt: deps.now,
          updatedAt: deps.now,
        })
        .returning();
      await enqueueMail(tx, email, 'welcome', welcomeMail(language, { name, url: `${deps.publicUrl}/onboarding` }), deps.now);
    }
    await tx.insert(userIdentities).values({
      provider: profile.provider,
      subject: profile.subject,
      userId: user!.id,
      email,
      createdAt: deps.now,
    });
  }
  // ADMIN_EMAILS only for an address the provider vouches for (or that was verified before).
  const proven = profile.emailVerified || user!.emailVerifiedAt !== null;
  if (proven && deps.adminEmails.includes(user!.email.toLowerCase()) && user!.role !== 'admin') {
    await tx.update(users).set({ role: 'admin' }).where(eq(users.id, user!.id));
  }
  return { id: user!.id, revoked };
}
