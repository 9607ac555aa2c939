import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';

/**
 * How long a checkout stays open for the person to pay (decision 0034). After that it lapses
 * (expired): the local Pay answers as for a closed checkout, and a provider's payment for it is
 * returned. A Stripe Checkout Session is created to expire at the same moment (Stripe's own
 * bounds are 30 minutes to 24 hours).
 */
export const CHECKOUT_OPEN_MINUTES = 60;

/** How many checkouts one sweep lapses at most (the next sweep takes the rest). */
const LAPSE_BATCH = 500;

/** The moment a checkout created at `createdAt` lapses. */
export const checkoutLapsesAt = (createdAt: Date) => new Date(createdAt.getTime() + CHECKOUT_OPEN_MINUTES * 60_000);

/**
 * Lapses open checkouts created CHECKOUT_OPEN_MINUTES or more before `now` (or only `onlyId`):
 * one conditional update, so each lapses once however many instances sweep at the same moment;
 * rows another transaction holds (a payment being applied) are skipped, not waited for, and the
 * status condition decides between the two. A checkout a provider is still settling is
 * 'processing', not open, and never lapses. Answers the ids lapsed.
 */
export async function lapseOpenCheckouts(db: Tx, now: Date, onlyId?: string): Promise<string[]> {
  const cutoff = new Date(now.getTime() - CHECKOUT_OPEN_MINUTES * 60_000).toISOString();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update checkouts set status = 'expired', completed_at = ${now.toISOString()}::timestamptz
        where id in (
          select id from checkouts
          where status = 'open' and created_at <= ${cutoff}::timestamptz ${onlyId ? sql`and id = ${onlyId}` : sql``}
          order by created_at
          limit ${LAPSE_BATCH}
          for update skip locked
        ) and status = 'open'
        returning id`,
  );
  return rows.map((r) => r.id);
}
