import { z } from 'zod';

/**
 * The marketplace's invariants (issue 39, docs/decisions/0045): what must hold in the database
 * whatever crashed when. Each is one SQL query over the live data (apps/server/src/modules/admin/
 * invariants.ts), run by `npm run check:invariants`, the crash test and the admin dashboard.
 */
export const INVARIANT_CODES = [
  'token_balance_ledger',
  'checkout_granted_once',
  'item_reserved_once',
  'item_one_open_chain',
  'chain_whole',
  'coupon_uses',
  'free_swipes_allowance',
  'mail_once',
  'one_live_subscription',
  'chat_stored',
] as const;
export type InvariantCode = (typeof INVARIANT_CODES)[number];

export const InvariantResultSchema = z.object({
  code: z.enum(INVARIANT_CODES),
  /** How many rows break it (0: it holds). */
  violations: z.number().int().min(0),
  /** A few of the offending ids (members, checkouts, items, chains, codes, mails, rooms). */
  examples: z.array(z.string()),
});
export type InvariantResult = z.infer<typeof InvariantResultSchema>;

export const InvariantReportSchema = z.object({
  /** When the queries ran (ISO time). */
  checkedAt: z.string(),
  /** True when every invariant holds. */
  ok: z.boolean(),
  items: z.array(InvariantResultSchema),
});
export type InvariantReport = z.infer<typeof InvariantReportSchema>;
