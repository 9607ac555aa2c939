import { sql } from 'drizzle-orm';
import { bigserial, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every admin action (issue 20): who did what to which record, when, and the record before and
 * after. Append-only: a trigger (migration 0033) refuses every update and delete, so nothing here
 * can be edited, not even by the server. The actor is kept by id and by name without a foreign key,
 * so deleting an account later leaves the record as it was.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    /** What was done, e.g. user.ban, user.role, post.hide, campaign.send (lib/audit.ts lists them). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_audit_time_idx').on(t.createdAt.desc(), t.id.desc()), index('admin_audit_target_idx').on(t.targetType, t.targetId)],
);

/** A saved email design (/email-edit): name, subject, sanitised HTML body and its plain-text part. */
export const mailDesigns = pgTable(
  'mail_designs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    html: text('html_body').notNull(),
    text: text('text_body').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The spec's rule (design name, mail subject and user mail cannot be empty), whatever the code does.
    check('mail_designs_not_empty_check', sql`btrim(${t.name}) <> '' and btrim(${t.subject}) <> '' and btrim(${t.text}) <> ''`),
    index('mail_designs_updated_idx').on(t.updatedAt),
  ],
);

/**
 * A campaign: a design's subject and bodies as sent (copied, so editing the design later changes
 * nothing already sent), its audience, and its recipients in campaign_recipients. The sender job
 * moves recipients into the mail outbox at a throttled rate.
 */
export const mailCampaigns = pgTable(
  'mail_campaigns',
  {
    id: text('id').primaryKey(),
    designId: text('design_id').references(() => mailDesigns.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    html: text('html_body').notNull(),
    text: text('text_body').notNull(),
    /** { kind: 'everyone' | 'subscribers' | 'interest' | 'state', value?: string } */
    audience: jsonb('audience').$type<{ kind: string; value?: string }>().notNull(),
    state: text('state').notNull().default('sending'),
    total: integer('total').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_campaigns_state_check', sql`${t.state} in ('sending', 'sent', 'cancelled')`),
    index('mail_campaigns_created_idx').on(t.createdAt),
  ],
);

/** One address a campaign goes to (lower-cased, once per campaign) and the outbox mail made for it. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => mailCampaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: text('user_id'),
    language: text('language').notNull().default('en-US'),
    /** pending → queued (a mail in the outbox) or skipped (unsubscribed before its turn). */
    state: text('state').notNull().default('pending'),
    mailId: text('mail_id'),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.email] }),
    index('campaign_recipients_state_idx').on(t.campaignId, t.state),
    check('campaign_recipients_state_check', sql`${t.state} in ('pending', 'queued', 'skipped')`),
  ],
);

/**
 * Daily business figures for the admin dashboard (members, listings, offers, completed swaps,
 * revenue, subscriptions, tokens, CO2e), per UTC day and metric, rebuilt by the rollup job from
 * the tables that own them (modules/analytics/business.ts).
 */
export const businessDaily = pgTable(
  'business_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day] })],
);
