CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_daily_day_metric_key_pk" PRIMARY KEY("day","metric","key")
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_metric_day_idx" ON "analytics_daily" USING btree ("metric","day");