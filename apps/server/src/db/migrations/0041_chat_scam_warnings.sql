ALTER TABLE "user_reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "warnings" text[] DEFAULT '{}'::text[] NOT NULL;