import { count, desc, eq } from 'drizzle-orm';
import type { MailDetail, MailListQuery, MailList, MailStatus, MailSummary } from '@swapu/shared/mail';
import type { Tx } from '../../db/client';
import { mailDeliveries, mailOutbox } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { MailContent } from './templates';

/**
 * Queues a mail: the spec's mail job (to, message{subject,text,html}, created_on). Call it inside
 * the transaction of the action that causes the mail, so both commit or neither does. The delivery
 * worker (mail.worker.ts) sends it when SMTP is configured; otherwise it stays in the outbox.
 */
export async function enqueueMail(tx: Tx, to: string, template: string, content: MailContent, now: Date) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ id: newId(), to, template, subject: content.subject, text: content.text, html: content.html, createdOn: now })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

const summaryColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  createdOn: mailOutbox.createdOn,
  sentAt: mailOutbox.sentAt,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  queuedAt: mailDeliveries.queuedAt,
  failedAt: mailDeliveries.failedAt,
};
interface SummaryRow {
  id: string;
  to: string;
  subject: string;
  template: string | null;
  createdOn: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
  queuedAt: Date | null;
  failedAt: Date | null;
}

function statusOf(row: Pick<SummaryRow, 'sentAt' | 'queuedAt' | 'failedAt' | 'attempts'>): MailStatus {
  if (row.sentAt) return 'sent';
  if (row.failedAt) return 'failed';
  if (!row.queuedAt) return 'held';
  return row.attempts > 0 ? 'retrying' : 'queued';
}

const toSummary = (row: SummaryRow): MailSummary => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  template: row.template,
  createdOn: row.createdOn.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  attempts: row.attempts,
  lastError: row.lastError,
  status: statusOf(row),
});

/** A page of the outbox, newest first (the admin and development mail viewer). */
export async function listMail(db: Tx, query: MailListQuery): Promise<MailList> {
  const where = query.to ? eq(mailOutbox.to, query.to) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(mailOutbox)
      .leftJoin(mailDeliveries, eq(mailDeliveries.mailId, mailOutbox.id))
      .where(where)
      // The id breaks ties between mails written in the same transaction (same created_on).
      .orderBy(desc(mailOutbox.createdOn), desc(mailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { items: rows.map(toSummary), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}

/** One outbox mail with its bodies; 404 when unknown. */
export async function getMail(db: Tx, id: string): Promise<MailDetail> {
  const [row] = await db
    .select({ ...summaryColumns, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .leftJoin(mailDeliveries, eq(mailDeliveries.mailId, mailOutbox.id))
    .where(eq(mailOutbox.id, id));
  if (!row) throw errors.notFound();
  return { ...toSummary(row), text: row.text, html: row.html };
}
