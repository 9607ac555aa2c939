import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, newsletterSubscribers } from '../../db/schema/index';
import { SUBSCRIPTION_CONFIRM_TTL_MS } from '@swapu/shared/mail';
import { signUpMember } from '../../test/accounts';
import { asDelivered, createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { SUBSCRIPTION_LIMITS } from './newsletter.routes';
import { acceptsNonTransactionalMail, unsubscribeUrl } from '../mail/unsubscribe';

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
  (
    await t.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`)
  )[0];
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The link in the newest mail of a template to an address, as its recipient gets it. */
async function linkIn(email: string, template: string) {
  const mails = (await mailsTo(email)).filter((m) => m.template === template);
  const newest = mails.sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime())[0];
  expect(newest, `a ${template} mail to ${email}`).toBeDefined();
  const body = asDelivered(t, newest!);
  // The outbox row itself never holds the usable link.
  expect(newest!.text).toContain('{{secret:');
  return /(https:\/\/swapu\.example\/\S+)/.exec(body.text)![1]!;
}
const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/email-subscription/confirm', payload: { token } });

describe('subscribing (double opt-in)', () => {
  it('mails a confirmation link; only opening it subscribes, and the welcome mail carries a working unsubscribe link', async () => {
    const email = uniqueEmail();
    const res = await change(email.toUpperCase(), true);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email, status: 'check_inbox' });
    const row = await rowOf(email);
    expect(row).toMatchObject({ email, subscribedAt: null, unsubscribedAt: null, language: 'en-US' });
    expect(row!.confirmTokenHash).toBeTruthy();
    expect(await acceptsNonTransactionalMail(t.db, email)).toBe(true);

    const link = await linkIn(email, 'newsletter-confirm');
    expect(link).toMatch(/^https:\/\/swapu\.example\/email-subscription\?confirm=[\w-]+$/);
    const token = new URL(link).searchParams.get('confirm')!;
    expect(row!.confirmTokenHash).not.toContain(token);
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email, status: 'subscribed' });
    expect((await rowOf(email))!.subscribedAt).toEqual(t.clock.now());
    // The link works once.
    expect((await confirm(token)).json().error.code).toBe('subscription_link_invalid');

    const [welcome] = (await mailsTo(email)).filter((m) => m.template === 'newsletter-welcome');
    expect(welcome).toMatchObject({ subject: 'Welcome to SwapU news' });
    const unsubscribe = /Unsubscribe: (\S+)/.exec(welcome!.text)![1]!;
    const clicked = await t.app.inject({ url: new URL(unsubscribe).pathname + new URL(unsubscribe).search });
    expect(clicked.statusCode).toBe(303);
    expect(clicked.headers.location).toBe('/email-subscription?unsubscribed=1');
    expect(await acceptsNonTransactionalMail(t.db, email)).toBe(false);
  });

  it('answers the same for a subscribed, an unsubscribed and an unknown address, and mails a subscribed one nothing', async () => {
    const subscribed = uniqueEmail();
    await change(subscribed, true);
    await confirm(new URL(await linkIn(subscribed, 'newsletter-confirm')).searchParams.get('confirm')!);
    const before = (await mailsTo(subscribed)).length;
    const answers = [await change(subscribed, true), await change(uniqueEmail(), true)];
    for (const a of answers) {
      expect(a.statusCode).toBe(202);
      expect(Object.keys(a.json()).sort()).toEqual(['email', 'status']);
      expect(a.json().status).toBe('check_inbox');
    }
    expect(await mailsTo(subscribed)).toHaveLength(before);
  });

  it('gives one answer for a subscribed, an unsubscribed and an unknown address, whichever is asked', async () => {
    const subscribed = uniqueEmail();
    await change(subscribed, true);
    await confirm(new URL(await linkIn(subscribed, 'newsletter-confirm')).searchParams.get('confirm')!);
    const unsubscribed = uniqueEmail();
    await change(unsubscribed, true);
    await confirm(new URL(await linkIn(unsubscribed, 'newsletter-confirm')).searchParams.get('confirm')!);
    const link = await unsubscribeUrl(t.db, unsubscribed, t.clock.now(), 'https://swapu.example');
    await t.app.inject({ url: new URL(link).pathname + new URL(link).search });
    expect(await acceptsNonTransactionalMail(t.db, unsubscribed)).toBe(false);
    t.clock.advance(1000); // the confirmation mails below are the newest
    for (const subscribe of [true, false]) {
      const answers = [];
      for (const email of [subscribed, unsubscribed, uniqueEmail()]) {
        const res = await change(email, subscribe);
        answers.push({
          status: res.statusCode,
          body: JSON.stringify({ ...res.json(), email: 'x' }),
          headers: Object.keys(res.headers).sort().join(),
        });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size, JSON.stringify(answers)).toBe(1);
      expect(answers[0]).toMatchObject({ status: 202, body: '{"email":"x","status":"check_inbox"}' });
    }
    // Asking again after an opt-out mails a new link; opening it lifts the opt-out.
    await confirm(new URL(await linkIn(unsubscribed, 'newsletter-confirm')).searchParams.get('confirm')!);
    expect(await acceptsNonTransactionalMail(t.db, unsubscribed)).toBe(true);
    expect((await rowOf(unsubscribed))!.subscribedAt).toEqual(t.clock.now());
  });

  it('refuses an expired or forged confirmation link', async () => {
    const email = uniqueEmail();
    await change(email, true);
    const token = new URL(await linkIn(email, 'newsletter-confirm')).searchParams.get('confirm')!;
    t.clock.advance(SUBSCRIPTION_CONFIRM_TTL_MS + 1000);
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe('This confirmation link is not valid or has expired. Please subscribe again.');
    expect((await confirm('forged-token')).statusCode).toBe(400);
    expect((await rowOf(email))!.subscribedAt).toBeNull();
  });

  it('mails the confirmation in the account’s language, else the browser’s', async () => {
    const member = await createUser(t.db, { email: uniqueEmail(), language: 'pt-PT' });
    await change(member.email, true);
    expect((await mailsTo(member.email))[0]!.subject).toBe('Confirme a sua subscrição da SwapU');
    const visitor = uniqueEmail();
    await change(visitor, true, { lang: 'pt-PT,pt;q=0.9' });
    expect((await mailsTo(visitor))[0]!.subject).toBe('Confirme a sua subscrição da SwapU');
    await confirm(new URL(await linkIn(visitor, 'newsletter-confirm')).searchParams.get('confirm')!);
    const welcome = (await mailsTo(visitor)).find((m) => m.template === 'newsletter-welcome')!;
    expect(welcome.text).toContain('Cancelar a subscrição: https://swapu.example/api/v1/email-subscription/unsubscribe?token=');
  });

  it('refuses an invalid address or a missing choice', async () => {
    const res = await change('nope@', true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('email_invalid');
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/email-subscription', payload: { email: uniqueEmail() } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('data_invalid');
  });

  it('throttles changes per IP and mails per address', async () => {
    const ip = '10.31.0.1';
    for (let i = 0; i < SUBSCRIPTION_LIMITS.perIp; i++) await change(uniqueEmail(), true, { ip });
    const limited = await change(uniqueEmail(), true, { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const email = uniqueEmail();
    for (let i = 0; i < SUBSCRIPTION_LIMITS.perEmail; i++) expect((await change(email, true)).statusCode).toBe(202);
    const flood = await change(email, true);
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error.code).toBe('rate_limited');
    expect(await mailsTo(email)).toHaveLength(SUBSCRIPTION_LIMITS.perEmail);
  });
});

describe('unsubscribing by address', () => {
  /** A subscribed address (confirmed through its link). */
  async function subscribedAddress() {
    const email = uniqueEmail();
    await change(email, true);
    await confirm(new URL(await linkIn(email, 'newsletter-confirm')).searchParams.get('confirm')!);
    return email;
  }

  it('without signing in, mails the address its unsubscribe link and changes nothing until it is used', async () => {
    const email = await subscribedAddress();
    const res = await change(email, false);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email, status: 'check_inbox' });
    expect(await acceptsNonTransactionalMail(t.db, email)).toBe(true);
    const link = await linkIn(email, 'newsletter-unsubscribe-link');
    const used = await t.app.inject({ url: new URL(link).pathname + new URL(link).search });
    expect(used.headers.location).toBe('/email-subscription?unsubscribed=1');
    expect(await acceptsNonTransactionalMail(t.db, email)).toBe(false);
  });

  it('answers an unknown address exactly like a known one, and mails it nothing', async () => {
    const unknown = uniqueEmail();
    const res = await change(unknown, false);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: unknown, status: 'check_inbox' });
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await rowOf(unknown)).toBeUndefined();
  });

  it('unsubscribes at once when the signed-in owner of the address asks', async () => {
    const owner = await signUpMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/email-subscription',
      headers: owner.headers,
      remoteAddress: '10.32.0.1',
      payload: { email: owner.email, subscribe: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: owner.email, status: 'unsubscribed' });
    expect(await acceptsNonTransactionalMail(t.db, owner.email)).toBe(false);
    // Signed in, but asking for someone else's address: only the mailed link.
    const other = await subscribedAddress();
    const forOther = await t.app.inject({
      method: 'POST',
      url: '/api/v1/email-subscription',
      headers: owner.headers,
      remoteAddress: '10.32.0.2',
      payload: { email: other, subscribe: false },
    });
    expect(forOther.json().status).toBe('check_inbox');
    expect(await acceptsNonTransactionalMail(t.db, other)).toBe(true);
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
    expect(res.json()).toEqual({ email, status: 'unsubscribed' });
    expect(await acceptsNonTransactionalMail(t.db, email)).toBe(false);
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
