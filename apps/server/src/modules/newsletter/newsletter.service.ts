import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { EmailSubscriptionResult } from '@swapu/shared/mail';
import type { Db, Tx } from '../../db/client';
import { newsletterSubscribers, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { enqueueMail } from '../mail/mail.service';
import { newsletterWelcomeMail } from '../mail/templates';

const byEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = ${email.trim().toLowerCase()}`;
const newToken = () => randomBytes(24).toString('base64url');
const linkFor = (publicUrl: string, token: string) =>
  `${publicUrl}/api/v1/email-subscription/unsubscribe?token=${encodeURIComponent(token)}`;

/** The row of an address, creating it (neither subscribed nor unsubscribed) when missing. */
async function ensureRow(tx: Tx, email: string, language: string, now: Date) {
  const address = email.trim().toLowerCase();
  await tx
    .insert(newsletterSubscribers)
    .values({ id: newId(), email: address, unsubscribeToken: newToken(), language, createdAt: now, updatedAt: now })
    // Two requests for one address at once: the second finds the first's row.
    .onConflictDoNothing();
  const [row] = await tx.select().from(newsletterSubscribers).where(byEmail(address)).for('update');
  return row!;
}

/**
 * The working unsubscribe link every non-transactional mail must carry. Call it in the transaction
 * that queues the mail; it creates the address's row (and token) when needed.
 */
export async function unsubscribeUrl(tx: Tx, email: string, now: Date, publicUrl: string): Promise<string> {
  const row = await ensureRow(tx, email, 'en-US', now);
  return linkFor(publicUrl, row.unsubscribeToken);
}

/** The unsubscribe link of an address that has one, for the List-Unsubscribe header; null otherwise. */
export async function unsubscribeUrlIfKnown(db: Tx, email: string, publicUrl: string): Promise<string | null> {
  const [row] = await db
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(byEmail(email));
  return row ? linkFor(publicUrl, row.token) : null;
}

/** False once the address has unsubscribed: senders of non-transactional mail must skip it. */
export async function acceptsNonTransactionalMail(db: Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(byEmail(email));
  return !row?.unsubscribedAt;
}

/**
 * Subscribes an address to SwapU news. A new subscription gets a confirmation mail (with its
 * unsubscribe link) in the recipient's language; subscribing again changes nothing and sends nothing.
 */
export async function subscribe(
  db: Db,
  input: { email: string; language: string; now: Date; publicUrl: string },
): Promise<EmailSubscriptionResult> {
  const { email, now, publicUrl } = input;
  return db.transaction(async (tx) => {
    // An account's own language wins over the browser's.
    const [account] = await tx
      .select({ language: users.language })
      .from(users)
      .where(sql`lower(${users.email}) = ${email} and ${users.deletedAt} is null`)
      .limit(1);
    const language = account?.language ?? input.language;
    const row = await ensureRow(tx, email, language, now);
    if (row.subscribedAt && !row.unsubscribedAt) return { email, subscribed: true };
    await tx
      .update(newsletterSubscribers)
      .set({ subscribedAt: now, unsubscribedAt: null, language, updatedAt: now })
      .where(eq(newsletterSubscribers.id, row.id));
    const mail = newsletterWelcomeMail(language, { unsubscribeUrl: linkFor(publicUrl, row.unsubscribeToken), url: publicUrl });
    await enqueueMail(tx, email, 'newsletter-welcome', mail, now);
    return { email, subscribed: true };
  });
}

/** Unsubscribes an address from every non-transactional mail; an address we never had → 404. */
export async function unsubscribeEmail(db: Db, email: string, now: Date): Promise<EmailSubscriptionResult> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(byEmail(email))
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw new AppError(404, 'unsubscribe_email_not_found');
  return { email, subscribed: false };
}

/** The one-click unsubscribe of a mail's link; an unknown token → 404 unsubscribe_link_invalid. */
export async function unsubscribeToken(db: Db, token: string, now: Date): Promise<EmailSubscriptionResult> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ email: newsletterSubscribers.email });
  if (!row) throw new AppError(404, 'unsubscribe_link_invalid');
  return { email: row.email, subscribed: false };
}
