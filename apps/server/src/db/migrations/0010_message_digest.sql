ALTER TABLE "users" ADD COLUMN "message_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_online_at" timestamp with time zone;