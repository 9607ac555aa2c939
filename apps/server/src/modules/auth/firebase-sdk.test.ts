import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  type Auth,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getIdTokenResult,
  inMemoryPersistence,
  initializeAuth,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
} from 'firebase/auth';
import { mailOutbox, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * The official Firebase Auth JS SDK (the `firebase` package), pointed at SwapU with
 * connectAuthEmulator, exactly as an existing Firebase client would be: every call it makes must
 * land on our identity contract and come back in the shapes it expects.
 */
let t: TestApp;
let firebase: FirebaseApp;
let auth: Auth;
let base: string;
beforeAll(async () => {
  // The SDK checks token expiry against the real clock.
  t = await createTestApp({ now: new Date().toISOString() });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  firebase = initializeApp({ apiKey: 'swapu-test-key', projectId: 'swapu', authDomain: 'localhost' }, `swapu-${Date.now()}`);
  auth = initializeAuth(firebase, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, base, { disableWarnings: true });
});
afterAll(async () => {
  await deleteApp(firebase);
  await t.close();
});

let n = 0;
const uniqueEmail = () => `firebase${++n}-${Date.now()}@example.com`;
const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response): Promise<any> => res.json();

describe('the Firebase Auth JS SDK against SwapU', () => {
  it('creates an account, signs in, refreshes, reloads and signs out', async () => {
    const email = uniqueEmail();
    const created = await createUserWithEmailAndPassword(auth, email, 'secret-1');
    expect(created.user.email).toBe(email);
    expect(created.user.uid).toMatch(/\S/);
    expect(auth.currentUser?.uid).toBe(created.user.uid);
    const uid = created.user.uid;
    await signOut(auth);
    expect(auth.currentUser).toBeNull();

    const signedIn = await signInWithEmailAndPassword(auth, email, 'secret-1');
    expect(signedIn.user.uid).toBe(uid);
    expect(signedIn.user.providerData.map((p) => p.providerId)).toEqual(['password']);
    expect(signedIn.user.metadata.creationTime).toBeTruthy();

    // getIdToken(true) goes to securetoken's form-encoded refresh and rotates the refresh token.
    const first = await signedIn.user.getIdToken();
    const refreshBefore = signedIn.user.refreshToken;
    const fresh = await signedIn.user.getIdToken(true);
    expect(fresh).not.toBe('');
    expect(signedIn.user.refreshToken).not.toBe(refreshBefore);
    const result = await getIdTokenResult(signedIn.user);
    expect(result.claims.sub).toBe(uid);
    expect(result.authTime).toBeTruthy();
    // The fresh token is a SwapU access token like any other.
    const me = await api('/api/v1/me', fresh);
    expect(me.status).toBe(200);
    expect((await json(me)).email).toBe(email);
    expect(first).toMatch(/^eyJ/);

    // updateProfile → accounts:update; reload → accounts:lookup.
    await updateProfile(signedIn.user, { displayName: 'Fran Firebase' });
    await signedIn.user.reload();
    expect(auth.currentUser?.displayName).toBe('Fran Firebase');
    expect(auth.currentUser?.emailVerified).toBe(false);
    expect((await t.db.select().from(users).where(eq(users.id, uid)))[0]!.displayName).toBe('Fran Firebase');

    await signOut(auth);
    expect(auth.currentUser).toBeNull();
  });

  it('reports a wrong password, an unknown email and a taken email the way the SDK knows', async () => {
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(auth, email, 'secret-1');
    await signOut(auth);
    await expect(signInWithEmailAndPassword(auth, email, 'wrong-pass')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
    await expect(signInWithEmailAndPassword(auth, uniqueEmail(), 'secret-1')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
    await expect(createUserWithEmailAndPassword(auth, email, 'secret-2')).rejects.toMatchObject({ code: 'auth/email-already-in-use' });
    await expect(createUserWithEmailAndPassword(auth, uniqueEmail(), '123')).rejects.toMatchObject({ code: 'auth/weak-password' });
  });

  it('changes the password (ending the old sessions) and sends the verification mail again', async () => {
    const email = uniqueEmail();
    const { user } = await createUserWithEmailAndPassword(auth, email, 'secret-1');
    const oldToken = await user.getIdToken();
    await sendEmailVerification(user);
    const verification = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
      (m) => m.template === 'email-verification',
    );
    expect(verification).toHaveLength(2);

    await updatePassword(user, 'brand-new-1');
    // The SDK carries on with the new tokens the answer gave it; the old access token is spent.
    expect((await api('/api/v1/me', await user.getIdToken())).status).toBe(200);
    expect((await api('/api/v1/me', oldToken)).status).toBe(401);
    await signOut(auth);
    await expect(signInWithEmailAndPassword(auth, email, 'secret-1')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
    expect((await signInWithEmailAndPassword(auth, email, 'brand-new-1')).user.email).toBe(email);
    await signOut(auth);
  });

  it('leaves an account made through the SDK with its terms pending: it reads, but writes wait for acceptance', async () => {
    const { user } = await createUserWithEmailAndPassword(auth, uniqueEmail(), 'secret-1');
    const token = await user.getIdToken();
    const me = await json(await api('/api/v1/me', token));
    expect(me.termsAccepted).toBe(false);
    const draft = { title: 'Camping chair' };
    const refused = await api('/api/v1/posts', token, { method: 'POST', body: JSON.stringify(draft) });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toEqual({
      code: 'terms_pending',
      message: 'Please accept the terms and conditions and the privacy policy before you continue.',
    });
    expect((await api('/api/v1/me/favorites', token)).status).toBe(200);

    const accepted = await api('/api/v1/me/accept-terms', token, { method: 'POST' });
    expect(accepted.status).toBe(200);
    expect((await json(accepted)).termsAccepted).toBe(true);
    expect((await api('/api/v1/posts', token, { method: 'POST', body: JSON.stringify(draft) })).status).toBe(201);
    await signOut(auth);
  });

  it('keeps /identity/v1 as it was: a sign-up there still needs the terms', async () => {
    const res = await fetch(`${base}/identity/v1/accounts:signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'secret-1', returnSecureToken: true }),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('TERMS_NOT_ACCEPTED');
  });
});
