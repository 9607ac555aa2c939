import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { mailOutbox, newsletterSubscribers, posts, refreshTokens, users } from '../../db/schema/index';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { totpCode } from '../auth/two-factor';
import { DELETED_MEMBER_NAME } from '@swapu/shared/constants';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

const account = (password = 'secret1') => signUpMember(t.app, { password });
const signIn = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/identity/v1/accounts:signInWithPassword', payload: { returnSecureToken: true, ...payload } });

describe('two-factor authentication', () => {
  it('enrols with a QR code and a first code, then asks for a code at sign-in', async () => {
    const a = await account();
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/setup', headers: a.headers });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = setup.json();
    expect(otpauthUrl).toContain('otpauth://totp/SwapU');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/enable', headers: a.headers, payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('two_factor_code_invalid');

    const code = await totpCode(secret, t.clock.now());
    const enabled = await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/enable', headers: a.headers, payload: { code } });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(8);
    expect((await t.app.inject({ url: '/api/v1/me', headers: a.headers })).json().twoFactorEnabled).toBe(true);

    expect((await signIn({ email: a.email, password: 'secret1' })).json().error.message).toBe('MFA_REQUIRED');
    expect((await signIn({ email: a.email, password: 'secret1', totpCode: '123456' })).json().error.message).toBe('INVALID_MFA_CODE');
    t.clock.advance(60_000);
    const ok = await signIn({ email: a.email, password: 'secret1', totpCode: await totpCode(secret, t.clock.now()) });
    expect(ok.statusCode).toBe(200);

    // A recovery code works once.
    expect((await signIn({ email: a.email, password: 'secret1', totpCode: recoveryCodes[0] })).statusCode).toBe(200);
    expect((await signIn({ email: a.email, password: 'secret1', totpCode: recoveryCodes[0] })).json().error.message).toBe(
      'INVALID_MFA_CODE',
    );
  });

  it('needs a valid code to turn it off', async () => {
    const a = await account();
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/setup', headers: a.headers })).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/2fa/enable',
      headers: a.headers,
      payload: { code: await totpCode(secret, t.clock.now()) },
    });
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/disable', headers: a.headers, payload: { code: '111111' } });
    expect(refused.statusCode).toBe(400);
    // The code that enabled it has been used: the next one turns it off.
    t.clock.advance(30_000);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/2fa/disable',
      headers: a.headers,
      payload: { code: await totpCode(secret, t.clock.now()) },
    });
    expect(off.statusCode).toBe(204);
    expect((await signIn({ email: a.email, password: 'secret1' })).statusCode).toBe(200);
  });

  it('accepts a code once, spends a recovery code once under concurrency, and keeps the secret sealed at rest', async () => {
    const a = await account();
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/setup', headers: a.headers })).json();
    const [stored] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(stored!.totpSecret).not.toContain(secret);
    expect(stored!.totpSecret).toMatch(/^v1\./);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/2fa/enable',
      headers: a.headers,
      payload: { code: await totpCode(secret, t.clock.now()) },
    });
    const { recoveryCodes } = enable.json();

    // A code seen once (here: at enrolment) never signs in, even inside its 30 seconds.
    const replayed = await signIn({ email: a.email, password: 'secret1', totpCode: await totpCode(secret, t.clock.now()) });
    expect(replayed.json().error.message).toBe('INVALID_MFA_CODE');
    t.clock.advance(30_000);
    const code = await totpCode(secret, t.clock.now());
    const both = await Promise.all([1, 2].map(() => signIn({ email: a.email, password: 'secret1', totpCode: code })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);

    // Two sign-ins racing with one recovery code: exactly one gets in.
    const racing = await Promise.all([1, 2, 3].map(() => signIn({ email: a.email, password: 'secret1', totpCode: recoveryCodes[1] })));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [after] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(after!.totpRecoveryHashes).toHaveLength(recoveryCodes.length - 1);
  });

  it('never shows the 2FA state to other people', async () => {
    const a = await account();
    const b = await account();
    const res = await t.app.inject({ url: `/api/v1/users/${a.id}`, headers: b.headers });
    expect(JSON.stringify(res.json())).not.toMatch(/twoFactor|totp/i);
  });
});

describe('avatar and banner uploads', () => {
  const jpegWithExif = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Person', Copyright: 'GPS -37.8,144.9' } })
      .toBuffer();

  it('stores a resized WebP without any metadata and shows it on the profile', async () => {
    const a = await account();
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/avatar',
      ...merge(a.headers, multipartFile('file', 'me.jpg', input, 'image/jpeg')),
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/media\/avatars\/.+\/lg\.webp$/);
    const stored = fs.readFileSync(path.join(t.config.uploadsDir, url.replace('/media/', '')));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('Secret Person');
    expect((await t.app.inject({ url: `/api/v1/users/${a.id}` })).json().avatarUrl).toBe(url);

    const banner = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/banner',
      ...merge(a.headers, multipartFile('file', 'b.png', input, 'image/png')),
    });
    expect(banner.statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v1/me/avatar', headers: a.headers });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/v1/me', headers: a.headers })).json().avatarUrl).toBeNull();
  });

  it('refuses a file that is not an image, even named .jpg', async () => {
    const a = await account();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/avatar',
      ...merge(a.headers, multipartFile('file', 'cat.jpg', Buffer.from('this is not a picture'), 'image/jpeg')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please use valid image');
    expect((await t.app.inject({ url: '/api/v1/me', headers: a.headers })).json().avatarUrl).toBeNull();
  });

  it('refuses a file of 25 MB or more', async () => {
    const a = await account();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/avatar',
      ...merge(a.headers, multipartFile('file', 'huge.jpg', Buffer.alloc(25 * 1024 * 1024 + 10), 'image/jpeg')),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('File too large. Please choose file under 25MB');
  });

  it('refuses guests', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/me/avatar', ...multipartFile('file', 'a.jpg', Buffer.from('x')) });
    expect(res.statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('needs the password, then erases personal data, withdraws posts and blocks sign-in', async () => {
    const a = await account('secret1');
    const post = await createPost(t.db, { ownerId: a.id });
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: a.headers, payload: { password: 'nope12' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('password_incorrect');

    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: a.headers, payload: { password: 'secret1' } });
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.email).not.toContain(a.email.split('@')[0]);
    expect(row!.passwordHash).toBeNull();
    expect(row!.deletedAt).not.toBeNull();
    expect((await t.db.select().from(posts).where(eq(posts.id, post.id)))[0]!.state).toBe('archived');
    expect((await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, a.id))).every((r) => r.revokedAt)).toBe(true);

    expect((await signIn({ email: a.email, password: 'secret1' })).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    expect((await t.app.inject({ url: '/api/v1/me', headers: a.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/v1/users/${a.id}` })).statusCode).toBe(404);
  });

  it("leaves their name in other people's chats, for the web app to show in each reader's language, and nobody can write to them", async () => {
    const leaving = await account('secret1');
    const staying = await account('secret1');
    const opened = await t.app.inject({ method: 'POST', url: '/api/v1/rooms', headers: staying.headers, payload: { userId: leaving.id } });
    expect(opened.statusCode).toBeLessThan(300);
    const roomId = opened.json().id as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rooms/${roomId}/messages`,
      headers: leaving.headers,
      payload: { body: 'All the best.' },
    });
    expect(sent.statusCode).toBeLessThan(300);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: leaving.headers, payload: { password: 'secret1' } });
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.id, leaving.id));
    expect(row!.displayName).toBe(DELETED_MEMBER_NAME);
    const rooms = await t.app.inject({ url: '/api/v1/rooms', headers: staying.headers });
    const room = (rooms.json() as { items: { id: string; other: { id: string; displayName: string } }[] }).items.find(
      (r) => r.id === roomId,
    );
    expect(room?.other).toMatchObject({ id: leaving.id, displayName: DELETED_MEMBER_NAME });

    // They can no longer be written to: refused in the words for a person one cannot message, nothing stored.
    const after = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rooms/${roomId}/messages`,
      headers: staying.headers,
      payload: { body: 'Are you there?' },
    });
    expect(after.statusCode).toBe(403);
    expect(after.json().error.message).toBe('You cannot message this person.');
    const history = await t.app.inject({ url: `/api/v1/rooms/${roomId}/messages`, headers: staying.headers });
    expect((history.json() as { items: { body: string }[] }).items.map((m) => m.body)).toEqual(['All the best.']);
  });
});

function merge(headers: Record<string, string>, body: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: body.payload, headers: { ...headers, ...body.headers } };
}

describe('account deletion and the mailing list', () => {
  it('removes the address from SwapU news', async () => {
    const a = await account('secret1');
    const sub = await t.app.inject({ method: 'POST', url: '/api/v1/email-subscription', payload: { email: a.email, subscribe: true } });
    expect(sub.statusCode).toBeLessThan(300);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/me', headers: a.headers, payload: { password: 'secret1' } });
    expect(await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, a.email))).toHaveLength(0);
    const unsub = await t.app.inject({ method: 'POST', url: '/api/v1/email-subscription', payload: { email: a.email, subscribe: false } });
    expect(unsub.statusCode).toBe(202);
    expect(unsub.json().status).toBe('check_inbox');
  });
});

describe('account security', () => {
  it('sends the verification link again, a few times an hour at most, and not once the address is verified', async () => {
    const a = await account();
    const resend = () => t.app.inject({ method: 'POST', url: '/api/v1/me/verification-mail', headers: a.headers });
    for (let i = 0; i < 3; i++) expect((await resend()).json()).toEqual({ sent: true });
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.email));
    expect(mails.filter((m) => m.template === 'email-verification')).toHaveLength(4); // sign-up + 3
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, a.id));
    t.clock.advance(3600_000 + 1);
    const fresh = (
      await t.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signInWithPassword',
        payload: { email: a.email, password: 'secret1', returnSecureToken: true },
      })
    ).json();
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/api/v1/me/verification-mail', headers: { authorization: `Bearer ${fresh.idToken}` } })
      ).json(),
    ).toEqual({ sent: false });
  });

  it('signs out everywhere: every access and refresh token of the account stops working', async () => {
    const a = await account();
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signInWithPassword',
        payload: { email: a.email, password: 'secret1', returnSecureToken: true },
      })
    ).json();
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/me/sign-out-everywhere', headers: a.headers });
    expect(out.statusCode).toBe(204);
    for (const token of [a.token, second.idToken])
      expect((await t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    for (const refreshToken of [a.refreshToken, second.refreshToken]) {
      expect((await t.app.inject({ method: 'POST', url: '/identity/v1/token', payload: { refreshToken } })).json().error.message).toBe(
        'INVALID_REFRESH_TOKEN',
      );
    }
    // Signing in again works.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/identity/v1/accounts:signInWithPassword',
          payload: { email: a.email, password: 'secret1', returnSecureToken: true },
        })
      ).statusCode,
    ).toBe(200);
  });
});
