import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, newsletterSubscribers } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { SUBSCRIPTION_LIMITS } from './newsletter.routes';
import { acceptsNonTransactionalMail, unsubscribeUrl } from './newsletter.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://swapu.example' } });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
let ipSeq = 0;
const uniqueEmail = () => `news${++n}-${Date.now()}@example.com`;
const change = (email: string, subscribe: boolean, opts: { ip?: string; lang?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/email-subscription',
    payload: { email, subscribe },
    remoteAddress: opts.ip ?? `10.30.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`,
    headers: opts.lang ? { 'accept-language': opts.lang } : {},
  });
const rowOf = async (email: string) =>
  (await t.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`))[0];
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('POST /api/v1/email-subscription', () => {
  it('subscribes an address and mails a confirmation that carries a working unsubscribe link', async () => {
    const email = uniqueEmail();
    const res = await change(email.toUpperCase(), true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, subscribed: true });
    const row = await rowOf(email);
    expect(row).toMatchObject({ email, unsubscribedAt: null, language: 'en-US' });
    expect(row!.subscribedAt).toEqual(t.clock.now());

    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ template: 'newsletter-welcome', subject: 'Welcome to SwapU news' });
    const link = /Unsubscribe: (\S+)/.exec(mail!.text)![1]!;
    expect(link).toBe(`https://swapu.example/api/v1/email-subscription/unsubscribe?token=${row!.unsubscribeToken}`);
    expect(mail!.html).toContain(`href="${link}"`);

    const clicked = await t.app.inject({ url: new URL(link).pathname + new URL(link).search });
    expect(clicked.statusCode).toBe(303);
    expect(clicked.headers.location).toBe('/email-subscription?unsubscribed=1');
    expect((await rowOf(email))!.unsubscribedAt).not.toBeNull();
    expect(await acceptsNonTransactionalMail(t.db, email)).toBe(false);
  });

  it('sends no second confirmation to an address that is already subscribed', async () => {
    const email = uniqueEmail();
    await change(email, true);
    const again = await change(email, true);
    expect(again.json()).toEqual({ email, subscribed: true });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('unsubscribes a known address and subscribes it again later', async () => {
    const email = uniqueEmail();
    await change(email, true);
    const out = await change(email, false);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ email, subscribed: false });
    expect((await rowOf(email))!.unsubscribedAt).toEqual(t.clock.now());
    // Unsubscribing twice is fine and keeps the first time.
    t.clock.advance(1000);
    expect((await change(email, false)).statusCode).toBe(200);
    expect((await rowOf(email))!.unsubscribedAt).toEqual(new Date(t.clock.now().getTime() - 1000));

    const back = await change(email, true);
    expect(back.json()).toEqual({ email, subscribed: true });
    expect((await rowOf(email))!.unsubscribedAt).toBeNull();
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('answers an unknown address on unsubscribe with the email-not-found message', async () => {
    const res = await change(uniqueEmail(), false);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'unsubscribe_email_not_found',
      message: 'We could not find that email address in our mailing list.',
    });
    const pt = await change(uniqueEmail(), false, { lang: 'pt-PT' });
    expect(pt.json().error.message).toBe('Não encontrámos esse endereço de email na nossa lista de envio.');
  });

  it('refuses an invalid address or a missing choice', async () => {
    const res = await change('nope@', true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('email_invalid');
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/email-subscription', payload: { email: uniqueEmail() } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('data_invalid');
  });

  it('mails the confirmation in the account’s language, else the browser’s', async () => {
    const member = await createUser(t.db, { email: uniqueEmail(), language: 'pt-PT' });
    await change(member.email, true);
    expect((await mailsTo(member.email))[0]!.subject).toBe('Bem-vindo às novidades da SwapU');
    const visitor = uniqueEmail();
    await change(visitor, true, { lang: 'pt-PT,pt;q=0.9' });
    const [mail] = await mailsTo(visitor);
    expect(mail!.subject).toBe('Bem-vindo às novidades da SwapU');
    expect(mail!.text).toContain('Cancelar a subscrição: https://swapu.example/api/v1/email-subscription/unsubscribe?token=');
  });

  it('throttles changes per IP and confirmation mails per address', async () => {
    const ip = '10.31.0.1';
    for (let i = 0; i < SUBSCRIPTION_LIMITS.perIp; i++) await change(uniqueEmail(), true, { ip });
    expect((await change(uniqueEmail(), true, { ip })).statusCode).toBe(429);

    const email = uniqueEmail();
    for (let i = 0; i < SUBSCRIPTION_LIMITS.perEmail; i++) {
      expect((await change(email, true)).statusCode).toBe(200);
      await change(email, false);
    }
    const flood = await change(email, true);
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error.code).toBe('rate_limited');
    expect(await mailsTo(email)).toHaveLength(SUBSCRIPTION_LIMITS.perEmail);
  });
});

describe('unsubscribe links', () => {
  it('gives any address a working link for non-transactional mail, without subscribing it', async () => {
    const email = uniqueEmail();
    const link = await unsubscribeUrl(t.db, email, t.clock.now(), 'https://swapu.example');
    expect(await unsubscribeUrl(t.db, email, t.clock.now(), 'https://swapu.example')).toBe(link);
    expect(await rowOf(email)).toMatchObject({ subscribedAt: null, unsubscribedAt: null });
    expect(await acceptsNonTransactionalMail(t.db, email)).toBe(true);

    // RFC 8058: what a mail client posts when the person presses its own "unsubscribe" button.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/email-subscription/unsubscribe?token=${tokenOf(link)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, subscribed: false });
    expect(await acceptsNonTransactionalMail(t.db, email)).toBe(false);
    // An address that unsubscribed through a link is known to the form too.
    expect((await change(email, false)).statusCode).toBe(200);
  });

  it('sends an unknown token to the page with the invalid-link message', async () => {
    const res = await t.app.inject({ url: '/api/v1/email-subscription/unsubscribe?token=forged' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/email-subscription?unsubscribe=invalid');
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/email-subscription/unsubscribe?token=forged' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('unsubscribe_link_invalid');
    expect((await t.app.inject({ url: '/api/v1/email-subscription/unsubscribe' })).headers.location).toBe(
      '/email-subscription?unsubscribe=invalid',
    );
  });
});
