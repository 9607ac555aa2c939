-- Issue 20, decision 0029: analytics_events becomes append-only and partitioned by month on
-- created_at (the same on PostgreSQL and PGlite, which is PostgreSQL too). The rows kept so far
-- (search_no_results) move across; their member ids are dropped, not hashed: events carry a member
-- only as a salted hash made by the server, and the salt is not in the database.
ALTER TABLE "analytics_events" RENAME TO "analytics_events_old";--> statement-breakpoint
DROP INDEX IF EXISTS "analytics_events_name_time_idx";--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" text NOT NULL,
	"name" text NOT NULL,
	"session_id" text,
	"user_hash" text,
	"path" text,
	"props" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_events_created_at_id_pk" PRIMARY KEY("created_at","id")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_name_time_idx" ON "analytics_events" USING btree ("name","created_at");--> statement-breakpoint
-- Months get their own partitions ahead of time (modules/analytics/partitions.ts); anything outside
-- them lands here and is moved into its month when that month's partition is made.
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;--> statement-breakpoint
INSERT INTO "analytics_events" ("id", "name", "props", "created_at", "received_at")
	SELECT "id", "name", "props", "created_at", "created_at" FROM "analytics_events_old";--> statement-breakpoint
DROP TABLE "analytics_events_old";--> statement-breakpoint
-- Append-only: no update or delete, except while partitions.ts moves rows out of the default
-- partition inside its own transaction (it sets swapu.analytics_maintenance for that transaction).
CREATE FUNCTION "analytics_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('swapu.analytics_maintenance', true), '') = 'on' THEN
		RETURN CASE WHEN TG_OP = 'UPDATE' THEN NEW ELSE OLD END;
	END IF;
	RAISE EXCEPTION 'analytics_events is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_events_append_only" BEFORE UPDATE OR DELETE ON "analytics_events"
	FOR EACH ROW EXECUTE FUNCTION "analytics_events_append_only"();
