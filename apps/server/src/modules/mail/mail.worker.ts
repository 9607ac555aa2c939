import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { DrizzleTransactionLike, JobResult, JobWithMetadata } from 'pg-boss';
import { mailDeliveries, mailOutbox, users } from '../../db/schema/index';
import type { App, AppContext } from '../../lib/context';
import { unsubscribeUrlIfKnown } from './unsubscribe';
import { openSecrets, renderSecrets } from './mail.service';
import { NON_TRANSACTIONAL_TEMPLATES } from './templates';
import { markTestMode } from './test-mode';

/** The pg-boss queue of outbox mails to deliver; a job carries one mail id. */
export const MAIL_QUEUE = 'mail-deliver';

export interface MailWorkerOptions {
  smtpUrl: string;
  from: string;
  /** How often unsent outbox mail is handed to the queue. */
  relayIntervalMs?: number;
  /** How often the queue is polled for jobs (pg-boss; at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Retries after the first attempt, with exponential backoff from retryDelaySeconds. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** Unsent mail older than this is not sent any more (it stays in the outbox as "held"). */
  maxAgeMs?: number;
}

const DEFAULTS = {
  relayIntervalMs: 1000,
  pollingIntervalSeconds: 2,
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
  maxAgeMs: 24 * 3600_000,
} satisfies Partial<MailWorkerOptions>;
const RELAY_BATCH = 50;

export interface MailWorker {
  /** Hands due outbox mail to the queue now; resolves to how many mails were queued. */
  relay(): Promise<number>;
  /** Stops relaying and polling, waits (up to 5 s) for deliveries in flight, closes SMTP. */
  stop(): Promise<void>;
}

type MailJob = JobWithMetadata<{ mailId: string }>;

/** Permanent failures are not retried: the server refused the recipient or the message for good. */
function isPermanent(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && typeof e.responseCode === 'number' && e.responseCode >= 500;
}
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Starts delivering the outbox through SMTP: a relay hands each due mail to a pg-boss job (in one
 * transaction with its mail_deliveries row, so a mail is queued once), and a pg-boss worker sends
 * it with nodemailer, recording attempts, the last error and sent_at on the outbox row. pg-boss
 * retries failures with exponential backoff. See docs/decisions/0005-mail-delivery.md.
 */
export async function startMailWorker(ctx: AppContext, log: FastifyBaseLogger, options: MailWorkerOptions): Promise<MailWorker> {
  const opts = { ...DEFAULTS, ...options };
  const db = ctx.database.db;
  const [{ default: nodemailer }, { fromDrizzle }] = await Promise.all([import('nodemailer'), import('pg-boss')]);
  const transport: Transporter = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);

  const messageIdDomain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'swapu.au';
  const startedAt = Date.now();
  // A start that fails halfway must not leave SMTP sockets behind (the queue is the process's).
  const abandon = async (err: unknown): Promise<never> => {
    transport.close();
    throw err;
  };
  const boss = await ctx.jobs.boss().catch(abandon);
  const queueOptions = {
    retryLimit: opts.retryLimit,
    retryDelay: opts.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 120,
    notify: true,
  };
  try {
    await boss.createQueue(MAIL_QUEUE, { ...queueOptions, retryDelayMax: opts.retryDelayMaxSeconds });
    // createQueue leaves an existing queue as it was: apply changed settings too.
    await boss.updateQueue(MAIL_QUEUE, queueOptions);
  } catch (err) {
    await abandon(err);
  }

  async function relay(): Promise<number> {
    const now = ctx.clock.now();
    const cutoff = new Date(now.getTime() - opts.maxAgeMs);
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            gt(mailOutbox.createdOn, cutoff),
            sql`not exists (select 1 from ${mailDeliveries} where ${mailDeliveries.mailId} = ${mailOutbox.id})`,
          ),
        )
        .orderBy(asc(mailOutbox.createdOn))
        .limit(RELAY_BATCH)
        // Another instance relaying at the same moment skips these rows instead of waiting.
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const jobs = due.map((m) => ({ id: randomUUID(), data: { mailId: m.id } }));
      // A relay that committed between this one's snapshot and its locks may have queued some of
      // them already (its delivery rows are invisible to our "not exists"): the primary key keeps
      // one delivery per mail, and only the rows this relay wrote get a job.
      const mine = await tx
        .insert(mailDeliveries)
        .values(jobs.map((j) => ({ mailId: j.data.mailId, jobId: j.id, queuedAt: now })))
        .onConflictDoNothing()
        .returning({ jobId: mailDeliveries.jobId });
      const ours = new Set(mine.map((r) => r.jobId));
      const queued = jobs.filter((j) => ours.has(j.id));
      if (queued.length === 0) return 0;
      // The jobs are written by this same transaction: both commit or neither does.
      await boss.insert(MAIL_QUEUE, queued, { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) });
      return queued.length;
    });
  }

  /** Sends one mail; false when it failed and should be retried. */
  async function deliver(job: MailJob): Promise<boolean> {
    const { mailId } = job.data;
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    if (!mail || mail.sentAt) return true;
    // Secret links are filled in only on their way to the recipient.
    let bodies = { subject: mail.subject, ...renderSecrets(mail, openSecrets(ctx.secrets, mail.secrets)) };
    // A staging site says in every mail that nothing it mentions is real (TEST_MODE).
    if (ctx.config.testMode) {
      const [recipient] = await db
        .select({ language: users.language })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${mail.to})`);
      bodies = markTestMode(bodies, recipient?.language);
    }
    const unsubscribe =
      mail.template && NON_TRANSACTIONAL_TEMPLATES.has(mail.template)
        ? await unsubscribeUrlIfKnown(db, mail.to, ctx.config.publicUrl)
        : null;
    try {
      await transport.sendMail({
        from: opts.from,
        // The outbox id: a mail sent again (a crash after the SMTP server took it and before sent_at
        // was written) is recognisably the same mail (docs/decisions/0045).
        messageId: `<${mail.id}@${messageIdDomain}>`,
        to: mail.to,
        subject: bodies.subject,
        text: bodies.text,
        html: bodies.html,
        ...(unsubscribe ? { list: { unsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
      });
    } catch (err) {
      // A permanent refusal completes the job: retrying cannot help.
      const permanent = isPermanent(err);
      const lastAttempt = permanent || job.retryCount >= job.retryLimit;
      await db.transaction(async (tx) => {
        await tx
          .update(mailOutbox)
          .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: errorText(err) })
          .where(eq(mailOutbox.id, mailId));
        if (lastAttempt) {
          await tx.update(mailDeliveries).set({ failedAt: ctx.clock.now() }).where(eq(mailDeliveries.mailId, mailId));
          // Never delivered, never will be: its link is of no use to anyone.
          await tx.update(mailOutbox).set({ secrets: null }).where(eq(mailOutbox.id, mailId));
        }
      });
      const message = lastAttempt ? 'mail delivery failed' : 'mail delivery will be retried';
      log.warn({ mailId, attempt: job.retryCount + 1, err: errorText(err) }, message);
      return permanent;
    }
    await db
      .update(mailOutbox)
      // Sent: the link now lives only in the recipient's mailbox.
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, sentAt: ctx.clock.now(), secrets: null })
      .where(eq(mailOutbox.id, mailId));
    return true;
  }

  // Jobs are settled one by one (a failure retries only its own mail), and the worker fetches again
  // at once while batches come back full, so a burst of mail is not paced by the polling interval.
  const workOptions = {
    pollingIntervalSeconds: opts.pollingIntervalSeconds,
    // NOTIFY only announces new jobs; retries become due silently, so keep polling as often.
    notifyPollingIntervalSeconds: opts.pollingIntervalSeconds,
    includeMetadata: true,
    batchSize: 10,
    burstWhenBatchFull: true,
    perJobResults: true,
  } as const;
  await boss
    .work<{ mailId: string }, void, typeof workOptions>(MAIL_QUEUE, workOptions, async (jobs) => {
      const results: JobResult[] = [];
      for (const job of jobs) results.push({ id: job.id, status: (await deliver(job as MailJob)) ? 'completed' : 'failed' });
      return results;
    })
    .catch(abandon);

  log.info({ ms: Date.now() - startedAt, queue: MAIL_QUEUE }, 'mail worker started');

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = relay()
      .catch((err: unknown) => log.warn({ err: errorText(err) }, 'mail relay failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.relayIntervalMs).unref();
      });
  };
  tick();

  return {
    relay,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      await running;
      // Deliveries in flight finish (up to 5 s) before SMTP closes; the queue itself stays the app's.
      await boss.offWork(MAIL_QUEUE, { wait: true }).catch(() => {});
      transport.close();
    },
  };
}

/**
 * Runs the delivery worker for the app's lifetime when SMTP_URL is set: started in the background
 * once the app is ready (readiness never waits for the queue), stopped when the app closes.
 */
export function attachMailWorker(app: App) {
  const { smtpUrl, mailFrom } = app.ctx.config;
  if (!smtpUrl) return;
  let starting: Promise<MailWorker | null> = Promise.resolve(null);
  app.addHook('onReady', async () => {
    starting = startMailWorker(app.ctx, app.log, { smtpUrl, from: mailFrom }).catch((err: unknown) => {
      app.log.error({ err }, 'mail worker did not start: mail stays in the outbox');
      return null;
    });
  });
  app.addHook('onClose', async () => {
    await (await starting)?.stop();
  });
}
