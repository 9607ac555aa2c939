import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAudit,
  campaignRecipients,
  mailCampaigns,
  mailDesigns,
  mailOutbox,
  newsletterSubscribers,
  subscriptions,
  users,
} from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';

/**
 * The console's campaigns (issue 20): the email editor's rule (design name, mail subject and user
 * mail cannot be empty — the spec's words, nothing saved), saved designs with sanitised HTML and a
 * plain-text part, preview, a test send to oneself, audiences and their counts, a campaign's
 * recipients, the audit log, and admins only.
 */
const NOW = '2026-11-20T00:00:00.000Z';
const SPEC_MESSAGE = 'Design name, mail subject and user mail cannot be empty';
let t: TestApp;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ now: NOW, config: { publicUrl: 'https://swapu.example' } });
  admin = await signUpMember(t.app);
  member = await signUpMember(t.app);
  await t.db.update(users).set({ role: 'admin', displayName: 'Ada Admin' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

type Who = TestMember | null;
const inject = (
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? who.headers : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const fields = (over: Partial<{ name: string; subject: string; html: string }> = {}) => ({
  name: 'Spring swap',
  subject: 'Spring is here',
  html: '<h2>Spring</h2><p>Swap your <strong>winter coat</strong> at <a href="https://swapu.au/search?q=coat">SwapU</a>.</p>',
  ...over,
});
const createDesign = async (over: Partial<{ name: string; subject: string; html: string }> = {}) => {
  const res = await inject(admin, 'POST', '/api/v1/admin/mail-designs', fields(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; subject: string; html: string; text: string };
};
const designCount = async () => (await t.db.select({ n: count() }).from(mailDesigns))[0]!.n;
const audits = (targetId: string, action?: string) =>
  t.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.targetId, targetId), action ? eq(adminAudit.action, action) : undefined));

describe('the email editor’s rule: design name, mail subject and user mail cannot be empty', () => {
  const empties: Array<[string, Partial<{ name: string; subject: string; html: string }>, string[]]> = [
    ['no design name', { name: '   ' }, ['name']],
    ['no mail subject', { subject: '' }, ['subject']],
    ['an empty paragraph for a body', { html: '<p></p>' }, ['html']],
    ['a body of spaces', { html: '<p>&nbsp; </p>' }, ['html']],
    ['a body that is only a script', { html: '<script>alert("hi")</script><style>p{}</style>' }, ['html']],
    ['everything empty', { name: '', subject: ' ', html: '' }, ['name', 'subject', 'html']],
  ];

  it.each(empties)('refuses %s with the spec’s message and saves nothing', async (_, over, named) => {
    const before = await designCount();
    const res = await inject(admin, 'POST', '/api/v1/admin/mail-designs', fields(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'email_editor_fields_required', message: SPEC_MESSAGE });
    expect(Object.keys(res.json().error.fields).sort()).toEqual([...named].sort());
    expect(await designCount()).toBe(before);
  });

  it('says it in European Portuguese to a Portuguese admin', async () => {
    const res = await inject(admin, 'POST', '/api/v1/admin/mail-designs', fields({ subject: '' }), { 'accept-language': 'pt-PT' });
    expect(res.json().error.message).toBe('O nome do design, o assunto e o email do utilizador não podem estar vazios');
  });

  it('refuses to empty a saved design, which stays as it was', async () => {
    const design = await createDesign();
    const res = await inject(admin, 'PUT', `/api/v1/admin/mail-designs/${design.id}`, fields({ name: 'Renamed', html: '<p> </p>' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('email_editor_fields_required');
    const [row] = await t.db.select().from(mailDesigns).where(eq(mailDesigns.id, design.id));
    expect(row).toMatchObject({ name: 'Spring swap', html: design.html });
    expect(await audits(design.id)).toHaveLength(1);
  });

  it('is also the database’s rule', async () => {
    const now = new Date(NOW);
    await expect(
      t.db.insert(mailDesigns).values({ id: newId(), name: 'x', subject: 'y', html: '<p></p>', text: ' ', createdAt: now, updatedAt: now }),
    ).rejects.toThrow();
  });
});

describe('saved designs', () => {
  it('are saved sanitised with their plain-text part, listed, opened, changed and deleted, each change in the audit log', async () => {
    const created = await createDesign({
      name: '  Summer news ',
      html: '<p onclick="x()">Hot <em>deals</em></p><img src=x onerror="alert(1)"><script>alert(2)</script><p><a href="javascript:alert(3)">bad</a></p>',
    });
    expect(created).toMatchObject({ name: 'Summer news', html: '<p>Hot <em>deals</em></p><p>bad</p>', text: 'Hot deals\n\nbad' });

    const list = (await inject(admin, 'GET', '/api/v1/admin/mail-designs')).json().items as Array<{ id: string }>;
    expect(list.find((d) => d.id === created.id)).toMatchObject({ id: created.id, name: 'Summer news', subject: 'Spring is here' });
    expect((await inject(admin, 'GET', `/api/v1/admin/mail-designs/${created.id}`)).json()).toMatchObject({ html: created.html });

    const updated = await inject(
      admin,
      'PUT',
      `/api/v1/admin/mail-designs/${created.id}`,
      fields({ name: 'Summer news 2', subject: 'Line\r\nBcc: x' }),
    );
    expect(updated.statusCode).toBe(200);
    // A subject is one header line.
    expect(updated.json()).toMatchObject({ name: 'Summer news 2', subject: 'Line Bcc: x' });

    expect((await inject(admin, 'DELETE', `/api/v1/admin/mail-designs/${created.id}`)).statusCode).toBe(204);
    expect((await inject(admin, 'GET', `/api/v1/admin/mail-designs/${created.id}`)).statusCode).toBe(404);
    expect((await inject(admin, 'DELETE', `/api/v1/admin/mail-designs/${created.id}`)).statusCode).toBe(404);
    expect((await inject(admin, 'PUT', `/api/v1/admin/mail-designs/${created.id}`, fields())).statusCode).toBe(404);

    const log = await audits(created.id);
    expect(log.map((a) => a.action).sort()).toEqual(['campaign.design', 'campaign.design', 'campaign.design_delete']);
    expect(log.every((a) => a.actorId === admin.id && a.actorName === 'Ada Admin' && a.targetType === 'design')).toBe(true);
    const update = log.find((a) => a.before && a.after)!;
    expect(update.before).toMatchObject({ name: 'Summer news' });
    expect(update.after).toMatchObject({ name: 'Summer news 2' });
  });

  it('preview the mail as a recipient gets it without saving', async () => {
    const before = await designCount();
    const res = await inject(admin, 'POST', '/api/v1/admin/mail-designs/preview', {
      subject: 'Hi',
      html: '<p>Hello<script>x()</script></p>',
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.subject).toBe('Hi');
    expect(preview.html).toMatch(/^<!doctype html>/);
    expect(preview.html).toContain('<p>Hello</p>');
    expect(preview.html).not.toContain('<script');
    expect(preview.html).not.toContain('x()');
    expect(preview.html).toContain('href="https://swapu.example/email-subscription"');
    expect(preview.text).toContain('Hello');
    expect(await designCount()).toBe(before);
  });

  it('are test-sent to the admin’s own address through the outbox, a limited number of times an hour', async () => {
    const design = await createDesign({ subject: 'Test me' });
    const res = await inject(admin, 'POST', `/api/v1/admin/mail-designs/${design.id}/test`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ to: admin.email });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, admin.email), eq(mailOutbox.template, 'campaign-test')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('[Test] Test me');
    expect(mails[0]!.html).toContain('<strong>winter coat</strong>');
    expect(mails[0]!.text).toMatch(/Unsubscribe: https:\/\/swapu\.example\/api\/v1\/email-subscription\/unsubscribe\?token=/);
    const [audit] = await audits(design.id, 'campaign.test');
    expect(audit).toMatchObject({ actorId: admin.id, after: { to: admin.email, mailId: mails[0]!.id } });

    for (let i = 1; i < 20; i++) expect((await inject(admin, 'POST', `/api/v1/admin/mail-designs/${design.id}/test`)).statusCode).toBe(202);
    const limited = await inject(admin, 'POST', `/api/v1/admin/mail-designs/${design.id}/test`);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await audits(design.id, 'campaign.test')).toHaveLength(20);
  });
});

/** Audiences: fixtures of their own, measured as the difference they make. */
describe('audiences', () => {
  const count = async (query: string) => {
    const res = await inject(admin, 'GET', `/api/v1/admin/campaigns/audience?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().count as number;
  };
  const subscriber = (email: string, opts: { subscribed?: boolean; unsubscribed?: boolean } = {}) => {
    const now = new Date(NOW);
    return t.db.insert(newsletterSubscribers).values({
      id: newId(),
      email,
      unsubscribeToken: randomUUID(),
      subscribedAt: opts.subscribed === false ? null : now,
      unsubscribedAt: opts.unsubscribed ? now : null,
      createdAt: now,
      updatedAt: now,
    });
  };

  it('count members by interest and by state, SwapU subscribers, and everyone subscribed — once per address, never an unsubscribed one', async () => {
    const before = {
      everyone: await count('kind=everyone'),
      subscribers: await count('kind=subscribers'),
      ooshies: await count('kind=interest&value=ooshies'),
      tas: await count('kind=state&value=TAS'),
    };
    const tag = randomUUID().slice(0, 8);
    const mk = (name: string, over: Partial<typeof users.$inferInsert> = {}) =>
      createUser(t.db, { email: `${name}-${tag}@example.com`, auState: 'VIC', ...over });
    // Four members who like ooshies, one of them in Tasmania; one banned, one deleted, one unsubscribed.
    await mk('oona', { interests: ['ooshies', 'toys'] });
    await mk('otto', { interests: ['ooshies'], auState: 'TAS' });
    await mk('banned', { interests: ['ooshies'], banned: true });
    await mk('gone', { interests: ['ooshies'], deletedAt: new Date(NOW) });
    await mk('quiet', { interests: ['ooshies'], auState: 'TAS' });
    await subscriber(`QUIET-${tag}@example.com`, { subscribed: false, unsubscribed: true });
    // Two paying subscribers (one cancelled but paid up), one whose subscription ended.
    const now = new Date(NOW).getTime();
    for (const [name, status, endsIn] of [
      ['payer', 'active', 86_400_000],
      ['leaving', 'cancelled', 86_400_000],
      ['lapsed', 'expired', -86_400_000],
    ] as const) {
      const u = await mk(name);
      await t.db
        .insert(subscriptions)
        .values({ id: newId(), userId: u.id, status, currentPeriodEnd: new Date(now + endsIn), createdAt: new Date(now) });
    }
    // The newsletter: one confirmed subscriber, one who is also a member (another case), one unconfirmed, one who left.
    await subscriber(`reader-${tag}@example.com`);
    await subscriber(`OONA-${tag}@EXAMPLE.com`);
    await subscriber(`pending-${tag}@example.com`, { subscribed: false });
    await subscriber(`left-${tag}@example.com`, { unsubscribed: true });

    expect((await count('kind=interest&value=ooshies')) - before.ooshies).toBe(2);
    expect((await count('kind=state&value=TAS')) - before.tas).toBe(1);
    expect((await count('kind=subscribers')) - before.subscribers).toBe(2);
    // oona, otto, payer, leaving, lapsed and the reader.
    expect((await count('kind=everyone')) - before.everyone).toBe(6);
  });

  it('refuses a value that does not fit its kind', async () => {
    for (const q of ['kind=interest', 'kind=interest&value=spaceships', 'kind=state&value=XYZ', 'kind=planet']) {
      const res = await inject(admin, 'GET', `/api/v1/admin/campaigns/audience?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('data_invalid');
    }
  });
});

describe('sending a campaign', () => {
  it('copies the design, writes one recipient per address of the audience, and the audit row', async () => {
    const tag = randomUUID().slice(0, 8);
    for (const name of ['ann', 'bob', 'cat'])
      await createUser(t.db, { email: `${name}-${tag}@example.com`, interests: ['boats'], auState: 'WA' });
    // Ann is on the newsletter too: she is one recipient.
    await t.db.insert(newsletterSubscribers).values({
      id: newId(),
      email: `ANN-${tag}@example.com`,
      unsubscribeToken: randomUUID(),
      subscribedAt: new Date(NOW),
      createdAt: new Date(NOW),
      updatedAt: new Date(NOW),
    });
    const design = await createDesign({ name: 'Boats', subject: 'Ahoy' });
    const audienceCount = (await inject(admin, 'GET', '/api/v1/admin/campaigns/audience?kind=interest&value=boats')).json().count;

    const res = await inject(admin, 'POST', '/api/v1/admin/campaigns', {
      designId: design.id,
      audience: { kind: 'interest', value: 'boats' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json();
    expect(campaign).toMatchObject({
      designId: design.id,
      name: 'Boats',
      subject: 'Ahoy',
      audience: { kind: 'interest', value: 'boats' },
      state: 'sending',
      finishedAt: null,
      counts: { total: audienceCount, pending: audienceCount, queued: 0, sent: 0, failed: 0, skipped: 0 },
    });
    const recipients = await t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign.id));
    expect(
      recipients
        .map((r) => r.email)
        .filter((e) => e.includes(tag))
        .sort(),
    ).toEqual(['ann', 'bob', 'cat'].map((n) => `${n}-${tag}@example.com`));
    expect(recipients.every((r) => r.state === 'pending' && r.userId)).toBe(true);
    const [row] = await t.db.select().from(mailCampaigns).where(eq(mailCampaigns.id, campaign.id));
    expect(row).toMatchObject({ html: design.html, text: design.text, total: audienceCount, createdBy: admin.id });
    const [audit] = await audits(campaign.id, 'campaign.send');
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'campaign', after: { designId: design.id, total: audienceCount } });

    // The list shows it; deleting the design later leaves the campaign's copy.
    expect((await inject(admin, 'GET', '/api/v1/admin/campaigns')).json().items[0]).toMatchObject({ id: campaign.id });
    await inject(admin, 'DELETE', `/api/v1/admin/mail-designs/${design.id}`);
    expect((await inject(admin, 'GET', '/api/v1/admin/campaigns')).json().items[0]).toMatchObject({
      id: campaign.id,
      designId: null,
      subject: 'Ahoy',
    });
  });

  it('refuses an audience of nobody and an unknown design, leaving nothing behind', async () => {
    const design = await createDesign();
    const campaignsBefore = (await t.db.select({ n: count() }).from(mailCampaigns))[0]!.n;
    const auditsBefore = (await t.db.select({ n: count() }).from(adminAudit))[0]!.n;
    const empty = await inject(admin, 'POST', '/api/v1/admin/campaigns', { designId: design.id, audience: { kind: 'state', value: 'NT' } });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.code).toBe('campaign_audience_empty');
    const unknown = await inject(admin, 'POST', '/api/v1/admin/campaigns', { designId: randomUUID(), audience: { kind: 'everyone' } });
    expect(unknown.statusCode).toBe(404);
    expect((await t.db.select({ n: count() }).from(mailCampaigns))[0]!.n).toBe(campaignsBefore);
    expect((await t.db.select({ n: count() }).from(adminAudit))[0]!.n).toBe(auditsBefore);
  });
});

describe('admins only', () => {
  it('answers 401 to guests and 403 to members on every campaigns route, changing nothing', async () => {
    const design = await createDesign();
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', '/api/v1/admin/mail-designs'],
      ['POST', '/api/v1/admin/mail-designs', fields()],
      ['POST', '/api/v1/admin/mail-designs/preview', { subject: 'x', html: '<p>x</p>' }],
      ['GET', `/api/v1/admin/mail-designs/${design.id}`],
      ['PUT', `/api/v1/admin/mail-designs/${design.id}`, fields({ name: 'Hijacked' })],
      ['DELETE', `/api/v1/admin/mail-designs/${design.id}`],
      ['POST', `/api/v1/admin/mail-designs/${design.id}/test`],
      ['GET', '/api/v1/admin/campaigns/audience?kind=everyone'],
      ['GET', '/api/v1/admin/campaigns'],
      ['POST', '/api/v1/admin/campaigns', { designId: design.id, audience: { kind: 'everyone' } }],
    ];
    const designsBefore = await designCount();
    const campaignsBefore = (await t.db.select({ n: count() }).from(mailCampaigns))[0]!.n;
    for (const [method, url, payload] of routes) {
      const asMember = await inject(member, method, url, payload);
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
      expect(asMember.json().error.message).toBe('Permission Denied');
      expect((await inject(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await designCount()).toBe(designsBefore);
    expect((await t.db.select({ n: count() }).from(mailCampaigns))[0]!.n).toBe(campaignsBefore);
    expect((await t.db.select().from(mailDesigns).where(eq(mailDesigns.id, design.id)))[0]!.name).toBe('Spring swap');
  });
});
