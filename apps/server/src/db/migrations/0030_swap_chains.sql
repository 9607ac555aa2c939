CREATE TABLE "swap_chain_members" (
	"chain_id" text NOT NULL,
	"position" integer NOT NULL,
	"user_id" text NOT NULL,
	"gives_post_id" text NOT NULL,
	"receives_post_id" text NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"unlocked_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"offer_id" text,
	CONSTRAINT "swap_chain_members_chain_id_position_pk" PRIMARY KEY("chain_id","position")
);
--> statement-breakpoint
CREATE TABLE "swap_chains" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'found' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "swap_chains_state_check" CHECK ("swap_chains"."state" in ('found', 'committed', 'dissolved')),
	CONSTRAINT "swap_chains_reason_check" CHECK ("swap_chains"."reason" is null or "swap_chains"."reason" in ('declined', 'lapsed', 'unavailable'))
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "chain_id" text;--> statement-breakpoint
ALTER TABLE "swap_chain_members" ADD CONSTRAINT "swap_chain_members_chain_id_swap_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."swap_chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_chain_members" ADD CONSTRAINT "swap_chain_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_chain_members" ADD CONSTRAINT "swap_chain_members_gives_post_id_posts_id_fk" FOREIGN KEY ("gives_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_chain_members" ADD CONSTRAINT "swap_chain_members_receives_post_id_posts_id_fk" FOREIGN KEY ("receives_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_chain_members_chain_user_uq" ON "swap_chain_members" USING btree ("chain_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_chain_members_open_item_uq" ON "swap_chain_members" USING btree ("gives_post_id") WHERE "swap_chain_members"."open";--> statement-breakpoint
CREATE INDEX "swap_chain_members_user_idx" ON "swap_chain_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "swap_chains_found_expiry_idx" ON "swap_chains" USING btree ("expires_at") WHERE "swap_chains"."state" = 'found';