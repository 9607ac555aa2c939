import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  Audience,
  Campaign,
  CampaignCreateBody,
  Design,
  DesignBody,
  DesignField,
  DesignPreview,
  DesignSummary,
} from '@swapu/shared/campaigns';
import { AudienceSchema } from '@swapu/shared/campaigns';
import type { Db, Tx } from '../../db/client';
import { mailCampaigns, mailDesigns, users } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { changedRows, rowsOf } from '../../lib/sql-rows';
import { enqueueMail, campaignMail, unsubscribeUrl } from '../mail/index';
import { recordAudit } from '../../lib/audit';
import { campaignText, sanitiseCampaignHtml } from './campaign-html';

/** Designs and campaigns the console lists (the newest first). */
const LIST_MAX = 100;

type DesignRow = typeof mailDesigns.$inferSelect;

const designOf = (r: DesignRow): Design => ({
  id: r.id,
  name: r.name,
  subject: r.subject,
  html: r.html,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** One line: a subject is a mail header. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * The editor's fields as they are saved: name and subject trimmed, the HTML sanitised and its
 * plain-text part derived. The spec's rule — design name, mail subject and user mail cannot be
 * empty — is checked on what would be saved (a body of only tags or of only what sanitising
 * removes is empty): 400 email_editor_fields_required, naming each empty field.
 */
export function preparedDesign(body: DesignBody) {
  const name = oneLine(body.name);
  const subject = oneLine(body.subject);
  const html = sanitiseCampaignHtml(body.html);
  const text = campaignText(html);
  const missing: DesignField[] = [];
  if (!name) missing.push('name');
  if (!subject) missing.push('subject');
  if (!text) missing.push('html');
  if (missing.length) {
    throw errors.badRequest('email_editor_fields_required', Object.fromEntries(missing.map((f) => [f, 'email_editor_fields_required'])));
  }
  return { name, subject, html, text };
}

/** What the audit log keeps of a design (its bodies can be long: their sizes only). */
const auditOf = (d: { name: string; subject: string; html: string; text: string }) => ({
  name: d.name,
  subject: d.subject,
  htmlChars: d.html.length,
  textChars: d.text.length,
});

export async function listDesigns(db: Tx): Promise<DesignSummary[]> {
  const rows = await db
    .select({
      id: mailDesigns.id,
      name: mailDesigns.name,
      subject: mailDesigns.subject,
      createdAt: mailDesigns.createdAt,
      updatedAt: mailDesigns.updatedAt,
    })
    .from(mailDesigns)
    .orderBy(desc(mailDesigns.updatedAt), desc(mailDesigns.id))
    .limit(LIST_MAX);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

async function designRow(db: Tx, id: string, lock = false): Promise<DesignRow> {
  const q = db.select().from(mailDesigns).where(eq(mailDesigns.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw errors.notFound();
  return row;
}

export async function getDesign(db: Tx, id: string): Promise<Design> {
  return designOf(await designRow(db, id));
}

/** A new design, written to the audit log in the same transaction. */
export async function createDesign(db: Db, actorId: string, body: DesignBody, now: Date): Promise<Design> {
  const fields = preparedDesign(body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailDesigns)
      .values({ id: newId(), ...fields, createdBy: actorId, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, { actorId, action: 'campaign.design', targetType: 'design', targetId: row!.id, after: auditOf(fields) }, now);
    return designOf(row!);
  });
}

/** Saves a design's new fields (campaigns already sent keep their own copy). */
export async function updateDesign(db: Db, actorId: string, id: string, body: DesignBody, now: Date): Promise<Design> {
  const fields = preparedDesign(body);
  return db.transaction(async (tx) => {
    const before = await designRow(tx, id, true);
    const [row] = await tx
      .update(mailDesigns)
      .set({ ...fields, updatedAt: now })
      .where(eq(mailDesigns.id, id))
      .returning();
    await recordAudit(
      tx,
      { actorId, action: 'campaign.design', targetType: 'design', targetId: id, before: auditOf(before), after: auditOf(fields) },
      now,
    );
    return designOf(row!);
  });
}

/** Deletes a design; its campaigns keep what they sent (their design_id becomes null). */
export async function deleteDesign(db: Db, actorId: string, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await designRow(tx, id, true);
    await tx.delete(mailDesigns).where(eq(mailDesigns.id, id));
    await recordAudit(tx, { actorId, action: 'campaign.design_delete', targetType: 'design', targetId: id, before: auditOf(before) }, now);
  });
}

/**
 * The mail as a recipient would get it, for the editor's preview: sanitised, in SwapU's frame in
 * the admin's language. Its unsubscribe link is the public unsubscribe page (each real mail carries
 * its recipient's own link). Nothing is saved; empty fields are allowed while writing.
 */
export function previewDesign(body: { subject: string; html: string }, language: string, publicUrl: string): DesignPreview {
  const html = sanitiseCampaignHtml(body.html);
  return campaignMail(language, {
    subject: oneLine(body.subject),
    html,
    text: campaignText(html),
    unsubscribeUrl: `${publicUrl}/email-subscription`,
  });
}

/**
 * A saved design sent to the admin's own address through the outbox (template campaign-test: with
 * their unsubscribe link and List-Unsubscribe, as a recipient gets it; the subject says it is a
 * test). The rate limit is the caller's (RATE_LIMITS.campaignTest).
 */
export async function sendDesignTest(db: Db, actorId: string, id: string, now: Date, publicUrl: string): Promise<{ to: string }> {
  return db.transaction(async (tx) => {
    const design = await designRow(tx, id);
    const [me] = await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, actorId));
    if (!me) throw errors.notFound();
    const mail = campaignMail(me.language, {
      subject: `[${me.language.startsWith('pt') ? 'Teste' : 'Test'}] ${design.subject}`,
      html: design.html,
      text: design.text,
      unsubscribeUrl: await unsubscribeUrl(tx, me.email, now, publicUrl),
    });
    const mailId = await enqueueMail(tx, me.email, 'campaign-test', mail, now);
    await recordAudit(
      tx,
      { actorId, action: 'campaign.test', targetType: 'design', targetId: id, after: { to: me.email, mailId, subject: design.subject } },
      now,
    );
    return { to: me.email };
  });
}

// Audiences ---------------------------------------------------------------------------------------

/**
 * An audience's addresses as SQL rows (email lower-cased, user_id, language), one per address:
 * members who are not banned or deleted and match the kind — everyone; SwapU subscribers (a paid
 * subscription running: active, or cancelled but paid until its period ends, the early-access
 * rule); an interest (a category in users.interests); a state (users.au_state) — plus, for
 * everyone, the newsletter's confirmed subscribers. An address that unsubscribed
 * (newsletter_subscribers.unsubscribed_at) is never in an audience. A member's row wins over the
 * newsletter's for the same address (it has their user id and language).
 */
export function audienceRows(audience: Audience, now: Date): SQL {
  const member = ((): SQL => {
    switch (audience.kind) {
      case 'everyone':
        return sql`true`;
      case 'subscribers':
        return sql`exists (select 1 from subscriptions s where s.user_id = u.id and s.status in ('active', 'cancelled')
          and s.current_period_end > ${now.toISOString()}::timestamptz)`;
      case 'interest':
        return sql`${audience.value} = any(u.interests)`;
      case 'state':
        return sql`u.au_state = ${audience.value}`;
    }
  })();
  const newsletter =
    audience.kind === 'everyone'
      ? sql`union all select lower(n.email), null::text, n.language, 1 from newsletter_subscribers n
          where n.subscribed_at is not null and n.unsubscribed_at is null`
      : sql``;
  return sql`select distinct on (a.email) a.email, a.user_id, a.language from (
      select lower(u.email) as email, u.id as user_id, u.language, 0 as rank from users u
      where u.deleted_at is null and not u.banned and ${member}
      ${newsletter}
    ) a
    where a.email <> ''
      and not exists (select 1 from newsletter_subscribers x where lower(x.email) = a.email and x.unsubscribed_at is not null)
    order by a.email, a.rank`;
}

/** How many addresses an audience has now (what the admin sees before sending). */
export async function countAudience(db: Tx, audience: Audience, now: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${audienceRows(audience, now)}) r`);
  return row?.n ?? 0;
}

// Campaigns ---------------------------------------------------------------------------------------

interface CampaignRow {
  id: string;
  design_id: string | null;
  name: string;
  subject: string;
  audience: unknown;
  state: string;
  created_at: Date | string;
  finished_at: Date | string | null;
  total: number;
  pending: number;
  queued: number;
  skipped: number;
  sent: number;
  failed: number;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function campaignOf(r: CampaignRow): Campaign {
  const audience = AudienceSchema.safeParse(r.audience);
  return {
    id: r.id,
    designId: r.design_id,
    name: r.name,
    subject: r.subject,
    audience: audience.success ? audience.data : { kind: 'everyone' },
    state: r.state as Campaign['state'],
    createdAt: iso(r.created_at),
    finishedAt: r.finished_at ? iso(r.finished_at) : null,
    counts: { total: r.total, pending: r.pending, queued: r.queued, sent: r.sent, failed: r.failed, skipped: r.skipped },
  };
}

/** Campaigns with where their mails are: recipients by state, and of the queued ones sent and failed. */
async function campaignRows(db: Tx, where: SQL): Promise<Campaign[]> {
  const rows = await rowsOf<CampaignRow>(
    db,
    sql`select c.id, c.design_id, c.name, c.subject, c.audience, c.state, c.created_at, c.finished_at, c.total,
        count(*) filter (where r.state = 'pending')::int as pending,
        count(*) filter (where r.state = 'queued')::int as queued,
        count(*) filter (where r.state = 'skipped')::int as skipped,
        count(o.sent_at)::int as sent,
        count(d.failed_at) filter (where o.sent_at is null)::int as failed
      from mail_campaigns c
      left join campaign_recipients r on r.campaign_id = c.id
      left join mail_outbox o on o.id = r.mail_id
      left join mail_deliveries d on d.mail_id = r.mail_id
      where ${where}
      group by c.id
      order by c.created_at desc, c.id desc
      limit ${LIST_MAX}`,
  );
  return rows.map(campaignOf);
}

export const listCampaigns = (db: Tx) => campaignRows(db, sql`true`);

export async function getCampaign(db: Tx, id: string): Promise<Campaign> {
  const [c] = await campaignRows(db, sql`c.id = ${id}`);
  if (!c) throw errors.notFound();
  return c;
}

/**
 * Sends a saved design to an audience: the campaign (with its own copy of the design's subject and
 * bodies) and one recipient row per address (the primary key keeps each address once) in one
 * transaction with its audit row; the sender job (campaign-sender.ts) moves them into the outbox
 * at the configured rate. An audience of nobody is refused (409 campaign_audience_empty) and
 * leaves nothing behind.
 */
export async function createCampaign(db: Db, actorId: string, body: CampaignCreateBody, now: Date): Promise<Campaign> {
  const id = await db.transaction(async (tx) => {
    const design = await designRow(tx, body.designId);
    const id = newId();
    await tx.insert(mailCampaigns).values({
      id,
      designId: design.id,
      name: design.name,
      subject: design.subject,
      html: design.html,
      text: design.text,
      audience: body.audience,
      state: 'sending',
      total: 0,
      createdBy: actorId,
      createdAt: now,
    });
    const total = await changedRows(
      tx,
      sql`insert into campaign_recipients (campaign_id, email, user_id, language, state)
        select ${id}, r.email, r.user_id, r.language, 'pending' from (${audienceRows(body.audience, now)}) r
        on conflict do nothing`,
    );
    if (total === 0) throw errors.conflict('campaign_audience_empty');
    await tx.update(mailCampaigns).set({ total }).where(eq(mailCampaigns.id, id));
    await recordAudit(
      tx,
      {
        actorId,
        action: 'campaign.send',
        targetType: 'campaign',
        targetId: id,
        after: { designId: design.id, name: design.name, subject: design.subject, audience: body.audience, total },
      },
      now,
    );
    return id;
  });
  return getCampaign(db, id);
}
