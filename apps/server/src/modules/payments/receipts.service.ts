import { and, desc, eq } from 'drizzle-orm';
import { paths } from '@swapu/shared/paths';
import type { Receipt, RefundReason } from '@swapu/shared/money-api';
import type { Tx } from '../../db/client';
import { checkouts, receipts, users } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { enqueueMail, receiptMail } from '../mail/index';

export interface Seller {
  name: string;
  abn: string | null;
  address: string;
}
export interface ReceiptDeps {
  seller: Seller;
  publicUrl: string;
}

type Row = typeof receipts.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;

export const receiptNumber = (n: number) => `SU-${String(n).padStart(6, '0')}`;

const view = (r: Row, buyer: { name: string; email: string | null }, provider: string, refundReason: string | null): Receipt => ({
  id: r.id,
  number: receiptNumber(r.number),
  kind: r.kind as Receipt['kind'],
  checkoutId: r.checkoutId,
  description: r.description,
  amountCents: r.amountCents,
  gstCents: r.gstCents,
  sellerName: r.sellerName,
  sellerAbn: r.sellerAbn,
  sellerAddress: r.sellerAddress,
  buyerName: buyer.name,
  buyerEmail: buyer.email,
  issuedAt: r.issuedAt.toISOString(),
  testPayment: provider === 'local',
  refundReason: r.kind === 'refund' ? ((refundReason as Receipt['refundReason']) ?? null) : null,
});

/**
 * Issues the tax invoice of a paid checkout (or the adjustment note of its refund) inside the
 * fulfilment's transaction, and queues it by email in the same transaction: a payment is never
 * granted without its receipt. One of each kind per checkout (a unique index).
 */
export async function issueReceipt(
  tx: Tx,
  deps: ReceiptDeps,
  c: CheckoutRow,
  kind: 'payment' | 'refund',
  description: string,
  at: Date,
  refundReason: RefundReason | null = null,
) {
  const [row] = await tx
    .insert(receipts)
    .values({
      id: newId(),
      checkoutId: c.id,
      userId: c.userId,
      kind,
      description,
      amountCents: c.amountCents,
      gstCents: c.gstCents,
      sellerName: deps.seller.name,
      sellerAbn: deps.seller.abn ?? '',
      sellerAddress: deps.seller.address,
      issuedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  const [buyer] = await tx
    .select({ email: users.email, name: users.displayName, language: users.language })
    .from(users)
    .where(eq(users.id, c.userId));
  if (buyer?.email) {
    await enqueueMail(
      tx,
      buyer.email,
      'receipt',
      receiptMail(buyer.language, {
        name: buyer.name,
        number: receiptNumber(row.number),
        kind,
        description,
        amountCents: row.amountCents,
        gstCents: row.gstCents,
        sellerName: row.sellerName,
        sellerAbn: row.sellerAbn || null,
        sellerAddress: row.sellerAddress,
        issuedAt: at,
        url: `${deps.publicUrl}${paths.receipt(row.id)}`,
        testPayment: c.provider === 'local',
        refundReason,
      }),
      at,
    );
  }
  return row;
}

async function buyerOf(db: Tx, userId: string) {
  const [u] = await db.select({ name: users.displayName, email: users.email }).from(users).where(eq(users.id, userId));
  return { name: u?.name ?? '', email: u?.email ?? null };
}

/** My receipts, newest first. */
export async function listReceipts(db: Tx, userId: string): Promise<Receipt[]> {
  const rows = await db
    .select({ receipt: receipts, provider: checkouts.provider, refundReason: checkouts.refundReason })
    .from(receipts)
    .innerJoin(checkouts, eq(checkouts.id, receipts.checkoutId))
    .where(eq(receipts.userId, userId))
    .orderBy(desc(receipts.number))
    .limit(500);
  const buyer = await buyerOf(db, userId);
  return rows.map((r) => view(r.receipt, buyer, r.provider, r.refundReason));
}

/** One of my receipts (anyone else's is not found). */
export async function getReceipt(db: Tx, userId: string, id: string): Promise<Receipt> {
  const [r] = await db
    .select({ receipt: receipts, provider: checkouts.provider, refundReason: checkouts.refundReason })
    .from(receipts)
    .innerJoin(checkouts, eq(checkouts.id, receipts.checkoutId))
    .where(and(eq(receipts.id, id), eq(receipts.userId, userId)));
  if (!r) throw errors.notFound();
  return view(r.receipt, await buyerOf(db, userId), r.provider, r.refundReason);
}
