import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/index';
import { newId } from '../../lib/ids';

// Every address mail goes to may have a row in newsletter_subscribers: its unsubscribe token and
// whether it unsubscribed. The mail worker (List-Unsubscribe) and every sender of non-transactional
// mail read it here, below the newsletter, which manages subscriptions on the same rows.

/** The subscriber row of an address, matched without regard to case or surrounding spaces. */
export const subscriberByEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = ${email.trim().toLowerCase()}`;
const newToken = () => randomBytes(24).toString('base64url');
/** The unsubscribe link of a token. */
export const unsubscribeLink = (publicUrl: string, token: string) =>
  `${publicUrl}/api/v1/email-subscription/unsubscribe?token=${encodeURIComponent(token)}`;

/** The row of an address, creating it (neither subscribed nor unsubscribed) when missing. */
export async function subscriberRow(tx: Tx, email: string, language: string, now: Date) {
  const address = email.trim().toLowerCase();
  await tx
    .insert(newsletterSubscribers)
    .values({ id: newId(), email: address, unsubscribeToken: newToken(), language, createdAt: now, updatedAt: now })
    // Two requests for one address at once: the second finds the first's row.
    .onConflictDoNothing();
  const [row] = await tx.select().from(newsletterSubscribers).where(subscriberByEmail(address)).for('update');
  return row!;
}

/**
 * The working unsubscribe link every non-transactional mail must carry. Call it in the transaction
 * that queues the mail; it creates the address's row (and token) when needed.
 */
export async function unsubscribeUrl(tx: Tx, email: string, now: Date, publicUrl: string): Promise<string> {
  const row = await subscriberRow(tx, email, 'en-US', now);
  return unsubscribeLink(publicUrl, row.unsubscribeToken);
}

/** The unsubscribe link of an address that has one, for the List-Unsubscribe header; null otherwise. */
export async function unsubscribeUrlIfKnown(db: Tx, email: string, publicUrl: string): Promise<string | null> {
  const [row] = await db
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(subscriberByEmail(email));
  return row ? unsubscribeLink(publicUrl, row.token) : null;
}

/** False once the address has unsubscribed: senders of non-transactional mail must skip it. */
export async function acceptsNonTransactionalMail(db: Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(subscriberByEmail(email));
  return !row?.unsubscribedAt;
}
