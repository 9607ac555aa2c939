CREATE TABLE "member_reliability" (
	"user_id" text PRIMARY KEY NOT NULL,
	"swaps_completed" integer NOT NULL,
	"cancelled_after_accept" integer NOT NULL,
	"reply_conversations" integer NOT NULL,
	"median_reply_seconds" integer,
	"deliveries_booked" integer NOT NULL,
	"deliveries_on_time" integer NOT NULL,
	"reviews_count" integer NOT NULL,
	"reviews_average" double precision,
	"account_age_days" integer NOT NULL,
	"email_verified" boolean NOT NULL,
	"tier" text NOT NULL,
	"score" integer,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_reliability_tier_check" CHECK ("member_reliability"."tier" in ('new', 'very_reliable', 'reliable', 'mixed', 'low')),
	CONSTRAINT "member_reliability_score_check" CHECK (("member_reliability"."tier" = 'new') = ("member_reliability"."score" is null) and "member_reliability"."score" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "member_reliability" ADD CONSTRAINT "member_reliability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_reliability_computed_idx" ON "member_reliability" USING btree ("computed_at");