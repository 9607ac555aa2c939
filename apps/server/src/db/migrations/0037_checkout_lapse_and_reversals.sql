-- Checkouts lapse (expired), wait while a provider settles a delayed payment (processing), and a
-- refunded one says why and what it could not take back (decision 0034). Every refund before this
-- was an admin's, or a delivery's that did not go ahead: their reason is filled in as such.
ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_status_check";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shortfall_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "checkouts_open_idx" ON "checkouts" USING btree ("created_at") WHERE "checkouts"."status" = 'open';--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_refund_reason_check" CHECK ("checkouts"."refund_reason" is null or "checkouts"."refund_reason" in ('admin', 'already_subscribed', 'quote_expired', 'lapsed', 'delivery', 'provider_refund', 'dispute'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shortfall_check" CHECK ("checkouts"."shortfall_tokens" >= 0);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_status_check" CHECK ("checkouts"."status" in ('open', 'processing', 'paid', 'failed', 'cancelled', 'expired', 'refunded'));--> statement-breakpoint
UPDATE "checkouts" SET "refund_reason" = CASE WHEN "kind" = 'delivery' THEN 'delivery' ELSE 'admin' END WHERE "status" = 'refunded' AND "refund_reason" IS NULL;
