import { and, eq, gt, sql } from 'drizzle-orm';
import { type EmailSubscriptionResult, SUBSCRIPTION_CONFIRM_TTL_MS } from '@swapu/shared/mail';
import type { Db } from '../../db/client';
import { newsletterSubscribers, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import {
  enqueueMail,
  secretRef,
  newsletterConfirmMail,
  newsletterUnsubscribeLinkMail,
  newsletterWelcomeMail,
  subscriberByEmail as byEmail,
  subscriberRow as ensureRow,
  unsubscribeLink as linkFor,
} from '../mail/index';

/**
 * Asks to subscribe an address (double opt-in): a confirmation mail with a link (its token stored
 * only as a hash, valid SUBSCRIPTION_CONFIRM_TTL_MS) goes to the address unless it is subscribed
 * already. Nothing is subscribed until the link is opened. The caller answers the same either way.
 */
export async function requestSubscription(
  db: Db,
  input: { email: string; language: string; now: Date; publicUrl: string; secrets: SecretBox },
): Promise<EmailSubscriptionResult> {
  const { email, now, publicUrl } = input;
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    // An account's own language wins over the browser's.
    const [account] = await tx
      .select({ language: users.language })
      .from(users)
      .where(sql`lower(${users.email}) = ${address} and ${users.deletedAt} is null`)
      .limit(1);
    const language = account?.language ?? input.language;
    const row = await ensureRow(tx, address, language, now);
    if (row.subscribedAt && !row.unsubscribedAt) return;
    const { token, hash } = newOpaqueToken();
    await tx
      .update(newsletterSubscribers)
      .set({ confirmTokenHash: hash, confirmRequestedAt: now, language, updatedAt: now })
      .where(eq(newsletterSubscribers.id, row.id));
    const url = `${publicUrl}/email-subscription?confirm=${encodeURIComponent(token)}`;
    const mail = newsletterConfirmMail(language, { url: secretRef('confirm'), days: SUBSCRIPTION_CONFIRM_TTL_MS / 86_400_000 });
    await enqueueMail(tx, address, 'newsletter-confirm', mail, now, { box: input.secrets, values: { confirm: url } });
  });
  return { email: address, status: 'check_inbox' };
}

/**
 * Opens a confirmation link: the address is subscribed from now (an earlier opt-out is lifted, as
 * the person has just asked), the link is spent, and a welcome mail with the unsubscribe link
 * every news mail carries is queued.
 */
export async function confirmSubscription(
  db: Db,
  input: { token: string; now: Date; publicUrl: string },
): Promise<EmailSubscriptionResult> {
  const { token, now, publicUrl } = input;
  const oldest = new Date(now.getTime() - SUBSCRIPTION_CONFIRM_TTL_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ subscribedAt: now, unsubscribedAt: null, confirmTokenHash: null, confirmRequestedAt: null, updatedAt: now })
      .where(and(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)), gt(newsletterSubscribers.confirmRequestedAt, oldest)))
      .returning();
    if (!row) throw new AppError(400, 'subscription_link_invalid');
    const mail = newsletterWelcomeMail(row.language, { unsubscribeUrl: linkFor(publicUrl, row.unsubscribeToken), url: publicUrl });
    await enqueueMail(tx, row.email, 'newsletter-welcome', mail, now);
    return { email: row.email, status: 'subscribed' as const };
  });
}

/**
 * Asks to unsubscribe an address without proving it is yours: its unsubscribe link is mailed to it
 * (when it is on the list and not unsubscribed already). The caller answers the same either way.
 */
export async function requestUnsubscribe(
  db: Db,
  input: { email: string; now: Date; publicUrl: string; secrets: SecretBox },
): Promise<EmailSubscriptionResult> {
  const address = input.email.trim().toLowerCase();
  const [row] = await db.select().from(newsletterSubscribers).where(byEmail(address));
  if (row && !row.unsubscribedAt) {
    const mail = newsletterUnsubscribeLinkMail(row.language, { url: secretRef('unsubscribe') });
    await enqueueMail(db, row.email, 'newsletter-unsubscribe-link', mail, input.now, {
      box: input.secrets,
      values: { unsubscribe: linkFor(input.publicUrl, row.unsubscribeToken) },
    });
  }
  return { email: address, status: 'check_inbox' };
}

/**
 * Unsubscribes an address from every non-transactional mail at once: only for its signed-in owner
 * (anyone else gets requestUnsubscribe). An address never on the list is recorded as opted out.
 */
export async function unsubscribeOwnAddress(db: Db, email: string, now: Date): Promise<EmailSubscriptionResult> {
  return db.transaction(async (tx) => {
    const row = await ensureRow(tx, email, 'en-US', now);
    await tx
      .update(newsletterSubscribers)
      .set({
        unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
        confirmTokenHash: null,
        updatedAt: now,
      })
      .where(eq(newsletterSubscribers.id, row.id));
    return { email: row.email, status: 'unsubscribed' as const };
  });
}

/** The one-click unsubscribe of a mail's link; an unknown token → 404 unsubscribe_link_invalid. */
export async function unsubscribeToken(db: Db, token: string, now: Date): Promise<EmailSubscriptionResult> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ email: newsletterSubscribers.email });
  if (!row) throw new AppError(404, 'unsubscribe_link_invalid');
  return { email: row.email, status: 'unsubscribed' };
}
