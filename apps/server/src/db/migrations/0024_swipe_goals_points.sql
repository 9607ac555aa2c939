CREATE TABLE "goal_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"goal_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"from_post_id" text NOT NULL,
	"to_post_id" text NOT NULL,
	"value_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"goal_item" text NOT NULL,
	"goal_category" text,
	"goal_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"goal_value_cents" integer NOT NULL,
	"start_post_id" text NOT NULL,
	"current_post_id" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"show_on_profile" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "goals_state_check" CHECK ("goals"."state" in ('active', 'completed', 'archived')),
	CONSTRAINT "goals_value_check" CHECK ("goals"."goal_value_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_histogram" (
	"period" text NOT NULL,
	"points" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "points_histogram_period_points_pk" PRIMARY KEY("period","points"),
	CONSTRAINT "points_histogram_members_check" CHECK ("points_histogram"."members" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_totals" (
	"period" text NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "points_totals_period_user_id_pk" PRIMARY KEY("period","user_id"),
	CONSTRAINT "points_totals_points_check" CHECK ("points_totals"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "swipe_counts" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"rights" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swipe_counts_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "swipe_counts_rights_check" CHECK ("swipe_counts"."rights" >= 0)
);
--> statement-breakpoint
CREATE TABLE "swipes" (
	"user_id" text NOT NULL,
	"post_id" text NOT NULL,
	"from_post_id" text NOT NULL,
	"direction" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "swipes_user_id_post_id_pk" PRIMARY KEY("user_id","post_id"),
	CONSTRAINT "swipes_direction_check" CHECK ("swipes"."direction" in ('left', 'right'))
);
--> statement-breakpoint
ALTER TABLE "goal_steps" ADD CONSTRAINT "goal_steps_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_steps" ADD CONSTRAINT "goal_steps_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_steps" ADD CONSTRAINT "goal_steps_from_post_id_posts_id_fk" FOREIGN KEY ("from_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_steps" ADD CONSTRAINT "goal_steps_to_post_id_posts_id_fk" FOREIGN KEY ("to_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_start_post_id_posts_id_fk" FOREIGN KEY ("start_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_current_post_id_posts_id_fk" FOREIGN KEY ("current_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_totals" ADD CONSTRAINT "points_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_counts" ADD CONSTRAINT "swipe_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_from_post_id_posts_id_fk" FOREIGN KEY ("from_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goal_steps_goal_offer_uq" ON "goal_steps" USING btree ("goal_id","offer_id");--> statement-breakpoint
CREATE INDEX "goal_steps_goal_idx" ON "goal_steps" USING btree ("goal_id","created_at");--> statement-breakpoint
CREATE INDEX "goals_user_idx" ON "goals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "goals_current_post_idx" ON "goals" USING btree ("current_post_id");--> statement-breakpoint
CREATE INDEX "points_totals_rank_idx" ON "points_totals" USING btree ("period","points" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "swipes_user_time_idx" ON "swipes" USING btree ("user_id","created_at");