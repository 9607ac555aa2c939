import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The spec's mail job: written in the same transaction as the action that causes it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    template: text('template'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Values the bodies refer to by placeholder ({{secret:name}}) such as reset and verification
     * links, encrypted with the server's data key. Cleared once the mail is sent: the stored bodies
     * never hold a usable link.
     */
    secrets: text('secrets'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdOn), index('mail_outbox_to_idx').on(t.to)],
);
