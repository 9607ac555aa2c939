CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"display_name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"suburb" text,
	"postcode" text,
	"au_state" text,
	"lat" double precision,
	"lng" double precision,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"avatar_key" text,
	"banner_key" text,
	"terms_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "post_images" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"wish_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"wish_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"cash_value_cents" integer,
	"weight_kg" double precision,
	"length_cm" double precision,
	"width_cm" double precision,
	"height_cm" double precision,
	"size_preset" text,
	"materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suburb" text,
	"postcode" text,
	"au_state" text,
	"lat" double precision,
	"lng" double precision,
	"condition" text DEFAULT 'used-good' NOT NULL,
	"open_to_selling" boolean DEFAULT false NOT NULL,
	"open_to_swap_anything" boolean DEFAULT false NOT NULL,
	"delivery_option" text DEFAULT 'sendle' NOT NULL,
	"boosted_until" timestamp with time zone,
	"swap_assist_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "posts_state_check" CHECK ("posts"."state" in ('draft', 'published', 'reserved', 'swapped', 'sold', 'archived')),
	CONSTRAINT "posts_condition_check" CHECK ("posts"."condition" in ('used-fair', 'used-good', 'used-like-new', 'new')),
	CONSTRAINT "posts_delivery_check" CHECK ("posts"."delivery_option" in ('sendle', 'person-to-person')),
	CONSTRAINT "posts_cash_value_check" CHECK ("posts"."cash_value_cents" is null or "posts"."cash_value_cents" >= 0),
	CONSTRAINT "posts_published_complete_check" CHECK ("posts"."state" = 'draft' or ("posts"."published_at" is not null and "posts"."cash_value_cents" is not null
        and "posts"."weight_kg" > 0 and "posts"."length_cm" > 0 and "posts"."width_cm" > 0 and "posts"."height_cm" > 0
        and cardinality("posts"."categories") >= 1))
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"url_title" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"special" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"id" serial PRIMARY KEY NOT NULL,
	"postcode" text NOT NULL,
	"suburb" text NOT NULL,
	"au_state" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"template" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "post_images_post_idx" ON "post_images" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."state" = 'published';--> statement-breakpoint
CREATE INDEX "posts_owner_idx" ON "posts" USING btree ("owner_id","state");--> statement-breakpoint
CREATE INDEX "posts_categories_idx" ON "posts" USING gin ("categories");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_url_title_idx" ON "blog_posts" USING btree ("url_title");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "localities_suburb_idx" ON "localities" USING btree (lower("suburb") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "localities_postcode_idx" ON "localities" USING btree ("postcode");--> statement-breakpoint
CREATE UNIQUE INDEX "localities_unique_idx" ON "localities" USING btree ("suburb","postcode","au_state");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_on");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","current_period_end");