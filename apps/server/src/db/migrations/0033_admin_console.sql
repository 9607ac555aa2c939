CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "business_daily_metric_day_pk" PRIMARY KEY("metric","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"campaign_id" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"language" text DEFAULT 'en-US' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"mail_id" text,
	"queued_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_id_email_pk" PRIMARY KEY("campaign_id","email"),
	CONSTRAINT "campaign_recipients_state_check" CHECK ("campaign_recipients"."state" in ('pending', 'queued', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "mail_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"design_id" text,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"html_body" text NOT NULL,
	"text_body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mail_campaigns_state_check" CHECK ("mail_campaigns"."state" in ('sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "mail_designs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"html_body" text NOT NULL,
	"text_body" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_designs_not_empty_check" CHECK (btrim("mail_designs"."name") <> '' and btrim("mail_designs"."subject") <> '' and btrim("mail_designs"."text_body") <> '')
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "published_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "blog_posts" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "moderation_score" double precision;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "moderation_flag" text;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_mail_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."mail_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaigns" ADD CONSTRAINT "mail_campaigns_design_id_mail_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."mail_designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaigns" ADD CONSTRAINT "mail_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_designs" ADD CONSTRAINT "mail_designs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_time_idx" ON "admin_audit" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_state_idx" ON "campaign_recipients" USING btree ("campaign_id","state");--> statement-breakpoint
CREATE INDEX "mail_campaigns_created_idx" ON "mail_campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_designs_updated_idx" ON "mail_designs" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "post_images_flagged_idx" ON "post_images" USING btree ("created_at") WHERE "post_images"."moderation_flag" is not null and "post_images"."reviewed_at" is null;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_hidden_check" CHECK ("posts"."hidden_reason" is null or "posts"."state" = 'archived');--> statement-breakpoint
-- The audit log is append-only: no update and no delete, whoever asks (issue 20).
CREATE FUNCTION "admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'admin_audit is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_append_only" BEFORE UPDATE OR DELETE ON "admin_audit"
	FOR EACH ROW EXECUTE FUNCTION "admin_audit_append_only"();
