import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import type { MailContent } from './templates';

/**
 * Queues a mail: the spec's mail job (to, message{subject,text,html}, created_on). Call it inside
 * the transaction of the action that causes the mail, so both commit or neither does.
 */
export async function enqueueMail(tx: Tx, to: string, template: string, content: MailContent, now: Date) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ id: newId(), to, template, subject: content.subject, text: content.text, html: content.html, createdOn: now })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
