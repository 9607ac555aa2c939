CREATE TABLE "deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_id" text NOT NULL,
	"post_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"booked_by" text NOT NULL,
	"state" text NOT NULL,
	"sender" jsonb NOT NULL,
	"receiver" jsonb NOT NULL,
	"item_description" text NOT NULL,
	"weight_kg" double precision NOT NULL,
	"length_cm" double precision NOT NULL,
	"width_cm" double precision NOT NULL,
	"height_cm" double precision NOT NULL,
	"pickup_date" date NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"courier" text NOT NULL,
	"price_cents" integer NOT NULL,
	"transit_days" integer NOT NULL,
	"estimated_delivery" date NOT NULL,
	"quote_expires_at" timestamp with time zone NOT NULL,
	"checkout_id" text,
	"courier_ref" text,
	"tracking_ref" text,
	"label_urls" jsonb,
	"booking_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"next_track_at" timestamp with time zone,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deliveries_state_check" CHECK ("deliveries"."state" in ('awaiting_payment', 'replaced', 'booking', 'label_created', 'shipped', 'in_transit', 'delivered', 'cancelled', 'failed')),
	CONSTRAINT "deliveries_price_check" CHECK ("deliveries"."price_cents" > 0),
	CONSTRAINT "deliveries_parties_check" CHECK ("deliveries"."sender_id" <> "deliveries"."receiver_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"state" text NOT NULL,
	"description" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_sender_idx" ON "deliveries" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "deliveries_receiver_idx" ON "deliveries" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "deliveries_booking_idx" ON "deliveries" USING btree ("next_attempt_at") WHERE "deliveries"."state" = 'booking';--> statement-breakpoint
CREATE INDEX "deliveries_tracking_idx" ON "deliveries" USING btree ("next_track_at") WHERE "deliveries"."state" in ('label_created', 'shipped', 'in_transit');--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_live_uq" ON "deliveries" USING btree ("offer_id","post_id") WHERE "deliveries"."state" not in ('replaced', 'cancelled', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_checkout_uq" ON "deliveries" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_events_state_uq" ON "delivery_events" USING btree ("delivery_id","state");--> statement-breakpoint
CREATE INDEX "delivery_events_at_idx" ON "delivery_events" USING btree ("delivery_id","at");