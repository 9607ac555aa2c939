import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { mailDeliveries, mailOutbox } from '../../db/schema/index';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { rowsOf } from '../../lib/sql-rows';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { unsubscribeUrl } from './unsubscribe';
import { enqueueMail, getMail, secretRef } from './mail.service';
import { type MailWorker, startMailWorker } from './mail.worker';
import { newsletterWelcomeMail, passwordResetMail } from './templates';
import { startTestSmtp } from './test-smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let worker: MailWorker;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  worker = await startMailWorker(t.app.ctx, t.app.log, {
    smtpUrl: smtp.url,
    from: 'SwapU <no-reply@swapu.au>',
    relayIntervalMs: 100,
    pollingIntervalSeconds: 0.5,
    retryLimit: 2,
    retryDelaySeconds: 1,
  });
});
afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
  await t?.close();
});

let n = 0;
const address = () => `mail${++n}-${Date.now()}@example.com`;
const resetMail = () => passwordResetMail('en-US', { name: 'Ana', url: secretRef('reset'), minutes: 60 });
const queue = (to: string) =>
  enqueueMail(t.db, to, 'password-reset', resetMail(), t.clock.now(), {
    box: t.app.ctx.secrets,
    values: { reset: 'http://localhost:3000/forgot-password?token=abc&x=1' },
  });
const row = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

/** Polls until `check` returns a truthy value; deliveries happen in the background. */
async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('mail delivery through SMTP', () => {
  it('delivers a queued mail with its subject, text and HTML and records when it was sent', async () => {
    const to = address();
    const id = await queue(to);
    const sent = await eventually(async () => (await row(id)).sentAt && (await row(id)));
    expect(sent).toMatchObject({ attempts: 1, lastError: null });
    expect(sent.sentAt).toEqual(t.clock.now());

    const mail = smtp.received.find((m) => m.to.includes(to))!;
    expect(mail.from).toBe('no-reply@swapu.au');
    expect(mail.raw).toMatch(/^Subject: Reset your SwapU password$/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    // The sealed link is filled in on the way out (HTML-escaped in the HTML body)…
    expect(mail.decoded).toContain('Choose a new password: http://localhost:3000/forgot-password?token=abc&x=1');
    expect(mail.decoded).toContain('<a href="http://localhost:3000/forgot-password?token=abc&amp;x=1"');
    expect((await getMail(t.db, id)).status).toBe('sent');
    // …and once sent, the outbox keeps no way to read it again.
    expect(sent.secrets).toBeNull();
    expect(sent.text).not.toContain('token=abc');
  });

  it('keeps the attempt count and the last error when the server refuses, then succeeds on a retry', async () => {
    smtp.rejectNext(1, 451);
    const to = address();
    const id = await queue(to);
    const failed = await eventually(async () => ((await row(id)).attempts === 1 ? row(id) : null));
    expect(failed.sentAt).toBeNull();
    expect(failed.lastError).toMatch(/Mailbox busy/);
    expect((await getMail(t.db, id)).status).toBe('retrying');

    const sent = await eventually(async () => (await row(id)).sentAt && (await row(id)));
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toMatch(/Mailbox busy/);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('gives up after the retry limit and marks the mail failed', async () => {
    smtp.rejectNext(3, 451);
    const id = await queue(address());
    const failed = await eventually(async () => ((await getMail(t.db, id)).status === 'failed' ? row(id) : null));
    expect(failed).toMatchObject({ attempts: 3, sentAt: null });
    expect(failed.lastError).toMatch(/Mailbox busy/);
  });

  it('does not retry a recipient the server refuses for good', async () => {
    smtp.rejectNext(1, 550);
    const id = await queue(address());
    const failed = await eventually(async () => ((await getMail(t.db, id)).status === 'failed' ? row(id) : null));
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/Mailbox does not exist/);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await row(id)).attempts).toBe(1);
  });

  it('adds List-Unsubscribe headers to non-transactional mail', async () => {
    const to = address();
    // The welcome mail a confirmed subscription gets, with the address's unsubscribe link.
    const link = await unsubscribeUrl(t.db, to, t.clock.now(), t.config.publicUrl);
    const id = await enqueueMail(
      t.db,
      to,
      'newsletter-welcome',
      newsletterWelcomeMail('en-US', { unsubscribeUrl: link, url: t.config.publicUrl }),
      t.clock.now(),
    );
    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    await eventually(async () => (await row(queued!.id)).sentAt);
    const mail = smtp.received.find((m) => m.to.includes(to))!;
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3000\/api\/v1\/email-subscription\/unsubscribe\?token=[\w-]+>/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail.raw).toContain(`Subject: ${newsletterWelcomeMail('en-US', { unsubscribeUrl: 'x', url: 'y' }).subject}`);
  });

  it('hands each mail to the queue once, even when relays run at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => queue(address())));
    const handed = await Promise.all([worker.relay(), worker.relay(), worker.relay()]);
    expect(handed.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5);
    // The worker's own periodic relay may have locked some of these rows first (the three above
    // then skip them), and commits a moment later: wait for its commit, not only for ours.
    const delivered = async () => (await t.db.select({ n: count() }).from(mailDeliveries).where(inArray(mailDeliveries.mailId, ids)))[0]!.n;
    await eventually(async () => (await delivered()) === 5);
    await eventually(async () => {
      const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      return rows.every((r) => r.sentAt);
    });
    for (const id of ids) expect((await row(id)).attempts).toBe(1);
  });

  it('leaves mail older than a day in the outbox', async () => {
    const dayAgo = new Date(t.clock.now().getTime() - 25 * 3600_000);
    const old = await enqueueMail(t.db, address(), 'password-reset', resetMail(), dayAgo);
    await worker.relay();
    await new Promise((r) => setTimeout(r, 500));
    expect((await getMail(t.db, old)).status).toBe('held');
  });
});

describe('the worker in the app', () => {
  it('runs while an app built with SMTP_URL is up and stops when it closes', async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-mail-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', SMTP_URL: smtp.url });
    const app = await buildApp({ config, database, serveWeb: false, mailWorker: true });
    try {
      await app.ready();
      const to = address();
      const id = await enqueueMail(database.db, to, 'password-reset', resetMail(), new Date());
      await eventually(async () => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!.sentAt);
      expect(smtp.received.some((m) => m.to.includes(to))).toBe(true);
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('leaves mail in the outbox when SMTP_URL is not set, without creating the queue', async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-mail-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const app = await buildApp({ config, database, serveWeb: false, mailWorker: true });
    try {
      await app.ready();
      const id = await enqueueMail(database.db, address(), 'password-reset', resetMail(), new Date());
      await new Promise((r) => setTimeout(r, 500));
      expect((await getMail(database.db, id)).status).toBe('held');
      const query = sql`select to_regnamespace('pgboss')::text as name`;
      const [schema] = await rowsOf<{ name: string | null }>(database.db, query);
      expect(schema!.name).toBeNull();
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
