import { count, desc, eq, ilike } from 'drizzle-orm';
import type { MailDetail, MailListQuery, MailList, MailStatus, MailSummary } from '@swapu/shared/mail';
import type { Tx } from '../../db/client';
import { mailDeliveries, mailOutbox } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { MailContent } from './templates';

/**
 * A mail that carries a secret (a password-reset or verification link) is stored with this
 * placeholder in its bodies and the value sealed beside it (mail_outbox.secrets): the stored
 * bodies never hold a usable link, the sealed value is cleared once the mail is sent, and the
 * admin mail viewer shows the placeholder as hidden.
 */
export const secretRef = (name: string) => `{{secret:${name}}}`;
const SECRET_REF = /\{\{secret:([a-z][a-zA-Z0-9_-]*)\}\}/g;
const SECRETS_PURPOSE = 'mail_outbox.secrets';

export interface MailSecrets {
  box: SecretBox;
  /** Placeholder name → value (put secretRef(name) in the template's url). */
  values: Record<string, string>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Shown instead of a secret link to anyone but the recipient (the admin mail viewer). */
export const HIDDEN_SECRET = '[link hidden: only the recipient receives it]';

/**
 * The bodies as the recipient gets them (values given: placeholders filled in, HTML-escaped in
 * the HTML body) or as anyone else may see them (no values: placeholders hidden).
 */
export function renderSecrets(body: { text: string; html: string }, values: Record<string, string> | null) {
  const fill = (html: boolean) => (_m: string, name: string) => {
    const value = values?.[name];
    if (value === undefined) return html ? escapeHtml(HIDDEN_SECRET) : HIDDEN_SECRET;
    return html ? escapeHtml(value) : value;
  };
  return { text: body.text.replace(SECRET_REF, fill(false)), html: body.html.replace(SECRET_REF, fill(true)) };
}

/** The sealed values of an outbox row, or null (none, already sent, or another key). */
export function openSecrets(box: SecretBox, sealed: string | null): Record<string, string> | null {
  if (!sealed) return null;
  const plain = box.open(sealed, SECRETS_PURPOSE);
  if (!plain) return null;
  try {
    return JSON.parse(plain) as Record<string, string>;
  } catch {
    return null;
  }
}

/**
 * Queues a mail: the spec's mail job (to, message{subject,text,html}, created_on). Call it inside
 * the transaction of the action that causes the mail, so both commit or neither does. The delivery
 * worker (mail.worker.ts) sends it when SMTP is configured; otherwise it stays in the outbox.
 * Secret links go in `secrets` (see secretRef), never in the content itself.
 */
export async function enqueueMail(tx: Tx, to: string, template: string, content: MailContent, now: Date, secrets?: MailSecrets) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      id: newId(),
      to,
      template,
      subject: content.subject,
      text: content.text,
      html: content.html,
      secrets: secrets ? secrets.box.seal(JSON.stringify(secrets.values), SECRETS_PURPOSE) : null,
      createdOn: now,
    })
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

/**
 * A page of the outbox, newest first (the admin and development mail viewer); `to` finds the
 * addresses containing it, in any case.
 */
export async function listMail(db: Tx, query: MailListQuery): Promise<MailList> {
  const where = query.to ? ilike(mailOutbox.to, `%${query.to.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
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

/**
 * One outbox mail with its bodies; 404 when unknown. Secret links are hidden, unless `reveal`
 * (the developer mail viewer of a loopback development server, which is the mailbox there) can
 * open them.
 */
export async function getMail(db: Tx, id: string, reveal?: SecretBox): Promise<MailDetail> {
  const [row] = await db
    .select({ ...summaryColumns, text: mailOutbox.text, html: mailOutbox.html, secrets: mailOutbox.secrets })
    .from(mailOutbox)
    .leftJoin(mailDeliveries, eq(mailDeliveries.mailId, mailOutbox.id))
    .where(eq(mailOutbox.id, id));
  if (!row) throw errors.notFound();
  const bodies = renderSecrets(row, reveal ? openSecrets(reveal, row.secrets) : null);
  return { ...toSummary(row), ...bodies };
}
