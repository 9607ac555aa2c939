import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignRecipients, mailCampaigns, rateLimits } from '../../db/schema/index';
import type { App } from '../../lib/context';
import { attachPeriodic } from '../../lib/periodic';
import { rowsOf } from '../../lib/sql-rows';
import { enqueueMail, campaignMail, acceptsNonTransactionalMail, unsubscribeUrl } from '../mail/index';

/** How often the sender looks for pending recipients. */
export const CAMPAIGN_TICK_MS = 5_000;
const WINDOW_MS = 60_000;
/** The rate_limits row counting the current minute's campaign mails (every instance shares it). */
const RATE_KEY = 'campaign-sender:minute';

export interface SenderDeps {
  db: Db;
  publicUrl: string;
  /** CAMPAIGN_RATE_PER_MINUTE: campaign mails into the outbox per minute, across instances. */
  ratePerMinute: number;
}

export interface SenderTurn {
  /** Recipients whose mail went into the outbox. */
  queued: number;
  /** Recipients passed over: they unsubscribed after the campaign was created. */
  skipped: number;
  /** Campaigns that have no pending recipient left and are now sent. */
  finished: string[];
}

/**
 * One turn of the campaign sender: moves pending recipients of sending campaigns, oldest campaign
 * first, into the mail outbox — at most what the current minute has left of the rate — and marks
 * the campaigns with none left as sent. In one transaction:
 * - the minute's counter (a rate_limits row) is read with an upsert that locks it until commit, so
 *   turns on several instances take turns and the rate holds across them;
 * - recipients are claimed with FOR UPDATE SKIP LOCKED and must still be pending, so no two turns
 *   ever take the same recipient (one mail per address);
 * - an address that unsubscribed since the campaign was created is skipped; every other one gets
 *   the campaign in its language with its own unsubscribe link (template 'campaign': the delivery
 *   worker adds List-Unsubscribe and List-Unsubscribe-Post from that address's link).
 */
export async function sendCampaignBatch(deps: SenderDeps, now: Date): Promise<SenderTurn> {
  return deps.db.transaction(async (tx) => {
    const windowStart = new Date(now.getTime() - WINDOW_MS).toISOString();
    const [counter] = await tx
      .insert(rateLimits)
      .values({ key: RATE_KEY, windowStart: now, count: 0 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${windowStart}::timestamptz then 0 else ${rateLimits.count} end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStart}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ count: rateLimits.count });
    const budget = deps.ratePerMinute - (counter?.count ?? 0);
    let queued = 0;
    let skipped = 0;

    if (budget > 0) {
      const due = await rowsOf<{ campaign_id: string; email: string; language: string }>(
        tx,
        sql`select r.campaign_id, r.email, r.language
          from campaign_recipients r join mail_campaigns c on c.id = r.campaign_id
          where r.state = 'pending' and c.state = 'sending'
          order by c.created_at, c.id, r.email
          limit ${budget}
          for update of r skip locked`,
      );
      const ids = [...new Set(due.map((d) => d.campaign_id))];
      const campaigns = ids.length
        ? await tx
            .select({ id: mailCampaigns.id, subject: mailCampaigns.subject, html: mailCampaigns.html, text: mailCampaigns.text })
            .from(mailCampaigns)
            .where(inArray(mailCampaigns.id, ids))
        : [];
      const byId = new Map(campaigns.map((c) => [c.id, c]));
      for (const r of due) {
        const campaign = byId.get(r.campaign_id)!;
        const mine = and(eq(campaignRecipients.campaignId, r.campaign_id), eq(campaignRecipients.email, r.email));
        if (!(await acceptsNonTransactionalMail(tx, r.email))) {
          await tx.update(campaignRecipients).set({ state: 'skipped' }).where(mine);
          skipped += 1;
          continue;
        }
        const mail = campaignMail(r.language, {
          subject: campaign.subject,
          html: campaign.html,
          text: campaign.text,
          unsubscribeUrl: await unsubscribeUrl(tx, r.email, now, deps.publicUrl),
        });
        const mailId = await enqueueMail(tx, r.email, 'campaign', mail, now);
        await tx.update(campaignRecipients).set({ state: 'queued', mailId, queuedAt: now }).where(mine);
        queued += 1;
      }
      if (queued) {
        await tx
          .update(rateLimits)
          .set({ count: sql`${rateLimits.count} + ${queued}` })
          .where(eq(rateLimits.key, RATE_KEY));
      }
    }

    const finished = await rowsOf<{ id: string }>(
      tx,
      sql`update mail_campaigns c set state = 'sent', finished_at = ${now.toISOString()}::timestamptz
        where c.state = 'sending'
          and not exists (select 1 from campaign_recipients r where r.campaign_id = c.id and r.state = 'pending')
        returning c.id`,
    );
    return { queued, skipped, finished: finished.map((f) => f.id) };
  });
}

/** Runs the sender every CAMPAIGN_TICK_MS while the server runs (safe on several instances). */
export function attachCampaignSender(app: App) {
  attachPeriodic(app, CAMPAIGN_TICK_MS, 'campaign sender failed', async () => {
    const turn = await sendCampaignBatch(
      { db: app.ctx.database.db, publicUrl: app.ctx.config.publicUrl, ratePerMinute: app.ctx.config.campaignRatePerMinute },
      app.ctx.clock.now(),
    );
    if (turn.queued || turn.skipped || turn.finished.length) app.log.info(turn, 'campaign mails queued');
  });
}
