import { randomUUID } from 'node:crypto';
import { eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, mailCampaigns, mailOutbox, newsletterSubscribers, users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, LIVE_SERVICES, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { type MailWorker, startMailWorker } from '../mail/mail.worker';
import { startTestSmtp } from '../mail/test-smtp';
import { unsubscribeOwnAddress } from '../newsletter/newsletter.service';
import { sendCampaignBatch } from './campaign-sender';

/**
 * The campaign sender (issue 20): pending recipients move into the outbox at the configured rate
 * per minute (shared by every instance), an address that unsubscribed meanwhile is skipped, each
 * mail carries its recipient's unsubscribe link and the List-Unsubscribe headers, the campaign
 * ends as sent, and two senders at once never send one recipient twice.
 */
const NOW = '2026-11-20T00:00:00.000Z';
const RATE = 3;
let t: TestApp;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp({ now: NOW, config: { publicUrl: 'https://swapu.example', campaignRatePerMinute: RATE, ...LIVE_SERVICES } });
  admin = await signUpMember(t.app);
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

const deps = (ratePerMinute = RATE) => ({ db: t.db, publicUrl: 'https://swapu.example', ratePerMinute });
const minuteLater = () => t.clock.advance(61_000);

/** A campaign to the members of a fresh interest-free state audience of `names` (the cast of one test). */
async function campaignTo(names: string[], state: 'NT' | 'SA' | 'ACT' | 'QLD', language = 'en-US') {
  const tag = randomUUID().slice(0, 8);
  const emails = names.map((n) => `${n}-${tag}@example.com`);
  for (const email of emails) await createUser(t.db, { email, auState: state, language });
  const design = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/mail-designs',
    headers: admin.headers,
    payload: { name: `News ${tag}`, subject: 'SwapU news', html: '<p>Hello <a href="https://swapu.au">swappers</a></p>' },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/campaigns',
    headers: admin.headers,
    payload: { designId: design.json().id, audience: { kind: 'state', value: state } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, emails };
}
const recipients = (campaignId: string) => t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));
const campaignView = async (id: string) => {
  const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/campaigns', headers: admin.headers });
  return (list.json().items as Array<{ id: string; state: string; finishedAt: string | null; counts: Record<string, number> }>).find(
    (c) => c.id === id,
  )!;
};

describe('the campaign sender', () => {
  it('moves at most the rate per minute into the outbox, skips an address that unsubscribed meanwhile, and finishes the campaign', async () => {
    const { id, emails } = await campaignTo(['a1', 'a2', 'a3', 'a4', 'a5'], 'NT');
    // a2 unsubscribes after the campaign was made, before its turn.
    await unsubscribeOwnAddress(t.db, emails[1]!, t.clock.now());

    // The first turn takes three (the rate): a1 and a3 queued, a2 skipped — a skip sends nothing,
    // so the minute still has one mail left, which the next turn uses; then none until the next minute.
    expect(await sendCampaignBatch(deps(), t.clock.now())).toEqual({ queued: 2, skipped: 1, finished: [] });
    expect(await sendCampaignBatch(deps(), t.clock.now())).toEqual({ queued: 1, skipped: 0, finished: [] });
    expect(await sendCampaignBatch(deps(), t.clock.now())).toEqual({ queued: 0, skipped: 0, finished: [] });
    expect((await campaignView(id)).counts).toMatchObject({ total: 5, pending: 1, queued: 3, skipped: 1, sent: 0, failed: 0 });

    minuteLater();
    expect(await sendCampaignBatch(deps(), t.clock.now())).toEqual({ queued: 1, skipped: 0, finished: [id] });
    const view = await campaignView(id);
    expect(view).toMatchObject({ state: 'sent', finishedAt: t.clock.now().toISOString() });
    expect(view.counts).toMatchObject({ total: 5, pending: 0, queued: 4, skipped: 1 });

    const rows = await recipients(id);
    expect(rows.find((r) => r.email === emails[1])).toMatchObject({ state: 'skipped', mailId: null });
    const mails = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));
    expect(mails.map((m) => m.to).sort()).toEqual([emails[0], emails[2], emails[3], emails[4]]);
    for (const mail of mails) {
      expect(mail).toMatchObject({ template: 'campaign', subject: 'SwapU news' });
      expect(rows.find((r) => r.email === mail.to)).toMatchObject({ state: 'queued', mailId: mail.id });
      // Each mail has its own recipient's unsubscribe link.
      const [sub] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, mail.to));
      const link = `https://swapu.example/api/v1/email-subscription/unsubscribe?token=${encodeURIComponent(sub!.unsubscribeToken)}`;
      expect(mail.text).toContain(`Unsubscribe: ${link}`);
      expect(mail.html).toContain('<p>Hello <a href="https://swapu.au" target="_blank" rel="noopener noreferrer">swappers</a></p>');
    }
  });

  it('writes each mail in its recipient’s language', async () => {
    minuteLater();
    const { id, emails } = await campaignTo(['pt1'], 'SA', 'pt-PT');
    await sendCampaignBatch(deps(), t.clock.now());
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, emails[0]!));
    expect(mail!.html).toContain('lang="pt-PT"');
    expect(mail!.text).toContain('Cancelar a subscrição: https://swapu.example/');
    expect((await campaignView(id)).state).toBe('sent');
  });

  it('never sends one recipient twice, nor more than the rate, with two senders at once', async () => {
    minuteLater();
    const names = Array.from({ length: 30 }, (_, i) => `c${String(i).padStart(2, '0')}`);
    const { id, emails } = await campaignTo(names, 'ACT');
    // Ten a minute between them, however many instances run the sender.
    const turns = await Promise.all([sendCampaignBatch(deps(10), t.clock.now()), sendCampaignBatch(deps(10), t.clock.now())]);
    expect(turns[0]!.queued + turns[1]!.queued).toBe(10);
    // With room for everyone, two senders at once still take each recipient once.
    minuteLater();
    const more = await Promise.all([1, 2, 3].map(() => sendCampaignBatch(deps(1000), t.clock.now())));
    expect(more.reduce((s, m) => s + m.queued, 0)).toBe(20);
    const mails = await t.db.select({ to: mailOutbox.to }).from(mailOutbox).where(inArray(mailOutbox.to, emails));
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((m) => m.to)).size).toBe(30);
    expect((await recipients(id)).every((r) => r.state === 'queued')).toBe(true);
    expect((await campaignView(id)).state).toBe('sent');
    const [row] = await t.db.select().from(mailCampaigns).where(eq(mailCampaigns.id, id));
    expect(row!.finishedAt).toEqual(t.clock.now());
  });
});

describe('delivery', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let worker: MailWorker | undefined;
  afterAll(async () => {
    await worker?.stop();
    await smtp?.close();
  });

  it('delivers each mail with List-Unsubscribe and List-Unsubscribe-Post, and the campaign counts sent and failed mails', async () => {
    minuteLater();
    const { id, emails } = await campaignTo(['d1', 'd2', 'd3'], 'QLD');
    await sendCampaignBatch(deps(), t.clock.now());
    // Every earlier mail is out of the way: only this campaign's three go to the mail server.
    await t.db.update(mailOutbox).set({ sentAt: t.clock.now() }).where(notInArray(mailOutbox.to, emails));
    smtp = await startTestSmtp();
    // The mail server refuses one of them for good.
    smtp.rejectNext(1, 550);
    worker = await startMailWorker(t.app.ctx, t.app.log, {
      smtpUrl: smtp.url,
      from: 'SwapU <no-reply@swapu.au>',
      relayIntervalMs: 100,
      pollingIntervalSeconds: 0.5,
      retryLimit: 0,
    });
    const until = Date.now() + 20_000;
    let counts = (await campaignView(id)).counts;
    while ((counts.sent ?? 0) + (counts.failed ?? 0) < 3 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      counts = (await campaignView(id)).counts;
    }
    expect(counts).toMatchObject({ total: 3, queued: 3, sent: 2, failed: 1 });

    const delivered = smtp.received.filter((m) => emails.some((e) => m.to.includes(e)));
    expect(delivered).toHaveLength(2);
    for (const mail of delivered) {
      const [sub] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, mail.to[0]!));
      const link = `https://swapu.example/api/v1/email-subscription/unsubscribe?token=${encodeURIComponent(sub!.unsubscribeToken)}`;
      expect(mail.raw.replace(/\r?\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${link}>`);
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(mail.raw).toMatch(/^Subject: SwapU news$/m);
    }
  });
});
