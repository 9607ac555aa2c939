-- One live subscription per member (decision 0034). Before this index two subscription checkouts
-- paid before either had started could both start one, so a database may already hold two live
-- rows (active or cancelled) for one member. They are resolved the same way on every database:
-- the one whose paid period ends last stays (on a tie, the older, then the lower id); each other
-- is closed as expired and its period cut to now, so it never reads as the member's current one.
-- A Stripe subscription closed here that Stripe still bills is stopped and its month refunded at
-- its next renewal (a renewal of a subscription that is not live while another is, fulfilment.ts).
UPDATE "subscriptions" AS s
SET "status" = 'expired', "current_period_end" = least(s."current_period_end", now())
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "current_period_end" DESC, "created_at" ASC, "id" ASC) AS n
  FROM "subscriptions"
  WHERE "status" IN ('active', 'cancelled')
) AS ranked
WHERE s."id" = ranked."id" AND ranked.n > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_uq" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('active', 'cancelled');
